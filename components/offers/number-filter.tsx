"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Input } from "@/components/ui/input";
import { readNumberFilter, type NumberFilterKey } from "@/lib/offers/search-params";
import { cn } from "@/lib/utils";

/** A valid number is applied once typing pauses this long (one URL entry per pause, not per digit). */
export const NUMBER_FILTER_DELAY_MS = 400;

/**
 * A numeric bound (max price, min rate). A valid number is applied once typing pauses, and at once on Enter or when
 * the field loses focus; the text is read with the URL's own parser (readNumberFilter), so the field accepts what the
 * link does. Text that is not a valid bound is never applied: the field keeps it for fixing and says, in words, what
 * it expects and which value the list and its link still use. Escape puts the applied value back.
 */
export function NumberFilter({
  label,
  param,
  value,
  onCommit,
  placeholder,
  unit,
  describe = (v) => `${v}${unit ? ` ${unit}` : ""}`,
}: {
  label: string;
  /** Which URL parameter this field edits: its parser decides what is valid. */
  param: NumberFilterKey;
  value: number | null;
  onCommit: (v: number | null) => void;
  placeholder?: string;
  unit?: string;
  /** The applied value as the refusal names it ("$1.5/GPU-h"); by default the number and its unit. */
  describe?: (v: number) => string;
}) {
  const id = useId();
  const [text, setText] = useState(value === null ? "" : String(value));
  // Whether the refusal is on screen: at once on Enter/blur, after the pause while typing ("1." is on its way to 1.5).
  const [told, setTold] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const read = readNumberFilter(param, text);

  // Follow the URL when it changes from elsewhere (Back, "Clear filters"), unless the text already says that value
  // ("1.50" while 1.5 is applied stays as typed).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (!(read.ok && read.value === value)) {
      setText(value === null ? "" : String(value));
      setTold(false);
    }
  }

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function apply(t: string) {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const r = readNumberFilter(param, t);
    setTold(!r.ok);
    if (r.ok && r.value !== value) onCommit(r.value);
  }

  function change(t: string) {
    setText(t);
    // A refusal on screen stays while the text is still refused, and goes as soon as it reads.
    setTold((was) => was && !readNumberFilter(param, t).ok);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(t), NUMBER_FILTER_DELAY_MS);
  }

  const bad = !read.ok && told;
  const still = value === null ? "no limit" : describe(value);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <span className="whitespace-nowrap">{label}</span>
        <Input
          id={id}
          inputMode="decimal"
          type="text"
          autoComplete="off"
          placeholder={placeholder}
          value={text}
          aria-invalid={bad || undefined}
          aria-describedby={bad ? `${id}-why` : undefined}
          onChange={(e) => change(e.target.value)}
          onBlur={() => apply(text)}
          onKeyDown={(e) => {
            if (e.key === "Enter") apply(text);
            if (e.key === "Escape" && text !== (value === null ? "" : String(value))) {
              e.preventDefault();
              if (timer.current) clearTimeout(timer.current);
              setText(value === null ? "" : String(value));
              setTold(false);
            }
          }}
          className="h-8 w-20 text-[13px]"
        />
        {unit ? <span>{unit}</span> : null}
      </label>
      <p
        id={`${id}-why`}
        role="status"
        className={cn("max-w-64 text-xs text-destructive", !bad && "sr-only")}
        data-testid="number-filter-error"
      >
        {bad && !read.ok ? `Enter ${read.rule}. Not applied: the list and its link still use ${still}.` : ""}
      </p>
    </div>
  );
}
