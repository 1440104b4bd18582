"use client";

import { useId, useState } from "react";
import { Input } from "@/components/ui/input";

/**
 * A numeric bound (max price, min rate). Typing stays local; the value is applied on Enter or when the field loses
 * focus, so the URL gets one history entry per bound, not one per digit. An unreadable value is refused visibly.
 */
export function NumberFilter({
  label,
  value,
  onCommit,
  step = "0.01",
  placeholder,
  unit,
}: {
  label: string;
  value: number | null;
  onCommit: (v: number | null) => void;
  step?: string;
  placeholder?: string;
  unit?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value === null ? "" : String(value));
  const [bad, setBad] = useState(false);
  // Follow the URL when it changes from elsewhere (Back, "Clear filters").
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value === null ? "" : String(value));
    setBad(false);
  }

  function commit() {
    const t = text.trim();
    if (t === "") return onCommit(null);
    const n = Number(t);
    if (!Number.isFinite(n) || n < 0) return setBad(true);
    setBad(false);
    if (n !== value) onCommit(n);
  }

  return (
    <label htmlFor={id} className="flex items-center gap-1.5 text-xs text-muted-foreground">
      <span className="whitespace-nowrap">{label}</span>
      <Input
        id={id}
        inputMode="decimal"
        type="number"
        min="0"
        step={step}
        placeholder={placeholder}
        value={text}
        aria-invalid={bad || undefined}
        title={bad ? "Enter a number of 0 or more." : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit();
        }}
        className="h-8 w-20 text-[13px]"
      />
      {unit ? <span>{unit}</span> : null}
    </label>
  );
}
