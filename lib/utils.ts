import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

// tailwind-merge builds its class map on its first call: 20–28 ms of main thread on a page load here, which landed
// inside the first hydration slice to render a component (the sidebar's), making it the cluster page's longest task
// on a phone. Asked for once in a task of its own as soon as this module loads in a browser, it is built between
// hydration's slices instead (docs/performance.md).
if (typeof window !== "undefined") setTimeout(() => twMerge(""), 0);
