import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Join class lists; when two or more inputs contribute classes (a component's defaults and the caller's className),
 * merge them so later utilities win over earlier ones (the shadcn `cn`). A single class list is returned as written:
 * authored lists contain no utilities that override each other (tests/unit/ui/class-strings.test.ts checks every
 * one), and parsing every list through tailwind-merge was ~100 ms of a cold /offers load (CPU profile, bench
 * Lighthouse section).
 */
export function cn(...inputs: ClassValue[]) {
  let contributing = 0;
  for (const input of inputs) if (input) contributing++;
  const joined = clsx(inputs);
  return contributing > 1 ? twMerge(joined) : joined;
}

/** Always merge: for cva() outputs, whose base and variant classes may override each other (Button's sizes). */
export function mergeClasses(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
