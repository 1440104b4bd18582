"use client";

import * as React from "react";
import { createPortal } from "react-dom";
import { Slot as SlotPrimitive } from "radix-ui";
import { CheckIcon, CircleIcon } from "lucide-react";

import { cn } from "@/lib/utils";

/**
 * A menu button (WAI-ARIA APG "menu button" pattern), owned code with the shadcn API the app uses: Trigger (asChild),
 * Content (align), Item (onSelect, asChild), CheckboxItem, RadioGroup/RadioItem, Label and Separator.
 *
 * Written here rather than on Radix's DropdownMenu because that one brings the menu, collection, roving-focus,
 * popper and floating-ui modules into every page's first load (the shell has two menus; docs/performance.md). What
 * Radix's menu does that this one keeps:
 * - Enter, Space, ArrowDown open on the first item, ArrowUp on the last; ArrowUp/ArrowDown/Home/End move, a letter
 *   jumps to the next item starting with it; Escape and Tab close and return focus to the trigger.
 * - A click outside closes it; choosing an item closes it unless its onSelect calls event.preventDefault().
 * - The content is portalled to <body> and placed with fixed positioning under the trigger, flipped above when
 *   there is no room below, kept inside the viewport, and re-placed on scroll and resize.
 */

type MenuCtx = {
  open: boolean;
  setOpen: (open: boolean, opts?: { focusTrigger?: boolean }) => void;
  triggerRef: React.RefObject<HTMLElement | null>;
  contentId: string;
  triggerId: string;
  /** Which item to focus when the content mounts. */
  initialFocusRef: React.RefObject<"first" | "last">;
};

const MenuContext = React.createContext<MenuCtx | null>(null);

function useMenu(part: string): MenuCtx {
  const ctx = React.useContext(MenuContext);
  if (!ctx) throw new Error(`${part} must be inside <DropdownMenu>`);
  return ctx;
}

const ITEM_SELECTOR = '[role="menuitem"],[role="menuitemcheckbox"],[role="menuitemradio"]';

function DropdownMenu({
  children,
  open: openProp,
  onOpenChange,
}: {
  children: React.ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [openState, setOpenState] = React.useState(false);
  const open = openProp ?? openState;
  const triggerRef = React.useRef<HTMLElement | null>(null);
  const initialFocusRef = React.useRef<"first" | "last">("first");
  const id = React.useId();
  const setOpen = React.useCallback(
    (next: boolean, opts?: { focusTrigger?: boolean }) => {
      setOpenState(next);
      onOpenChange?.(next);
      if (!next && opts?.focusTrigger) triggerRef.current?.focus();
    },
    [onOpenChange],
  );
  const ctx = React.useMemo(
    () => ({
      open,
      setOpen,
      triggerRef,
      contentId: `${id}-menu`,
      triggerId: `${id}-trigger`,
      initialFocusRef,
    }),
    [open, setOpen, id],
  );
  return <MenuContext.Provider value={ctx}>{children}</MenuContext.Provider>;
}

function DropdownMenuTrigger({
  asChild,
  onClick,
  onKeyDown,
  ...props
}: React.ComponentProps<"button"> & { asChild?: boolean }) {
  const { open, setOpen, triggerRef, contentId, triggerId, initialFocusRef } = useMenu("DropdownMenuTrigger");
  const Comp = asChild ? SlotPrimitive.Slot : "button";
  return (
    <Comp
      data-slot="dropdown-menu-trigger"
      type={asChild ? undefined : "button"}
      id={triggerId}
      aria-haspopup="menu"
      aria-expanded={open}
      aria-controls={open ? contentId : undefined}
      data-state={open ? "open" : "closed"}
      ref={triggerRef as React.Ref<HTMLButtonElement>}
      onClick={(e: React.MouseEvent<HTMLButtonElement>) => {
        onClick?.(e);
        if (e.defaultPrevented) return;
        initialFocusRef.current = "first";
        setOpen(!open);
      }}
      onKeyDown={(e: React.KeyboardEvent<HTMLButtonElement>) => {
        onKeyDown?.(e);
        if (e.defaultPrevented) return;
        if (e.key === "ArrowDown" || e.key === "ArrowUp") {
          e.preventDefault();
          initialFocusRef.current = e.key === "ArrowUp" ? "last" : "first";
          setOpen(true);
        }
      }}
      {...props}
    />
  );
}

type Placement = { top: number; left?: number; right?: number; maxHeight: number };

const GAP = 4;
const MARGIN = 8;

function place(trigger: HTMLElement, content: HTMLElement, align: "start" | "end"): Placement {
  const r = trigger.getBoundingClientRect();
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const below = vh - r.bottom - GAP - MARGIN;
  const above = r.top - GAP - MARGIN;
  const natural = content.scrollHeight;
  const flip = natural > below && above > below;
  const maxHeight = Math.max(120, flip ? above : below);
  const height = Math.min(natural, maxHeight);
  const top = flip ? r.top - GAP - height : r.bottom + GAP;
  const width = content.offsetWidth;
  if (align === "end") {
    const right = Math.max(MARGIN, Math.min(vw - r.right, vw - width - MARGIN));
    return { top, right, maxHeight };
  }
  const left = Math.max(MARGIN, Math.min(r.left, vw - width - MARGIN));
  return { top, left, maxHeight };
}

type ContentProps = React.ComponentProps<"div"> & { align?: "start" | "end" };

function DropdownMenuContent(props: ContentProps) {
  const { open } = useMenu("DropdownMenuContent");
  // Mounted only while open, so each opening measures and places afresh.
  return open && typeof document !== "undefined" ? <MenuPopup {...props} /> : null;
}

function MenuPopup({ className, align = "start", children, style, ...props }: ContentProps) {
  const { setOpen, triggerRef, contentId, triggerId, initialFocusRef } = useMenu("DropdownMenuContent");
  const ref = React.useRef<HTMLDivElement>(null);
  const [pos, setPos] = React.useState<Placement | null>(null);
  const typed = React.useRef({ text: "", at: 0 });

  React.useLayoutEffect(() => {
    const update = () => {
      if (ref.current && triggerRef.current) setPos(place(triggerRef.current, ref.current, align));
    };
    update();
    window.addEventListener("resize", update);
    window.addEventListener("scroll", update, true);
    return () => {
      window.removeEventListener("resize", update);
      window.removeEventListener("scroll", update, true);
    };
  }, [align, triggerRef]);

  // Focus the first (or last) item once placed; close on a press outside the menu and its trigger.
  React.useEffect(() => {
    if (!pos) return;
    const el = ref.current;
    if (el && !el.contains(document.activeElement)) {
      const items = menuItems(el);
      const first = initialFocusRef.current === "last" ? items.at(-1) : items[0];
      if (first) first.focus();
      else el.focus();
    }
  }, [pos, initialFocusRef]);
  React.useEffect(() => {
    const onDown = (e: PointerEvent) => {
      const t = e.target as Node;
      if (ref.current?.contains(t) || triggerRef.current?.contains(t)) return;
      setOpen(false);
    };
    document.addEventListener("pointerdown", onDown, true);
    return () => document.removeEventListener("pointerdown", onDown, true);
  }, [setOpen, triggerRef]);

  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const el = ref.current;
    if (!el) return;
    const items = menuItems(el);
    const i = items.indexOf(document.activeElement as HTMLElement);
    const go = (n: number) => {
      e.preventDefault();
      items[(n + items.length) % items.length]?.focus();
    };
    switch (e.key) {
      case "ArrowDown":
        return go(i + 1);
      case "ArrowUp":
        return go(i < 0 ? items.length - 1 : i - 1);
      case "Home":
        return go(0);
      case "End":
        return go(items.length - 1);
      case "Escape":
      case "Tab":
        e.preventDefault();
        return setOpen(false, { focusTrigger: true });
    }
    if (e.key.length === 1 && /\S/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      // Typeahead: letters typed within half a second build a prefix; the next item that starts with it is focused.
      const now = Date.now();
      typed.current = {
        text: (now - typed.current.at < 500 ? typed.current.text : "") + e.key.toLowerCase(),
        at: now,
      };
      const prefix = typed.current.text;
      const order = [...items.slice(i + 1), ...items.slice(0, i + 1)];
      const hit = order.find((it) => it.textContent?.trim().toLowerCase().startsWith(prefix));
      if (hit) {
        e.preventDefault();
        hit.focus();
      }
    }
  };

  return createPortal(
    <div
      ref={ref}
      id={contentId}
      role="menu"
      aria-labelledby={triggerId}
      aria-orientation="vertical"
      tabIndex={-1}
      data-slot="dropdown-menu-content"
      data-state="open"
      onKeyDown={onKeyDown}
      style={{
        position: "fixed",
        top: pos?.top ?? 0,
        left: pos?.left,
        right: pos?.right,
        maxHeight: pos?.maxHeight,
        // Measured before it is shown, so the first frame is already in place.
        visibility: pos ? undefined : "hidden",
        ...style,
      }}
      className={cn(
        "z-50 min-w-[10rem] overflow-x-hidden overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md outline-none",
        "data-[state=open]:animate-pop-in",
        className,
      )}
      {...props}
    >
      {children}
    </div>,
    document.body,
  );
}

function menuItems(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(ITEM_SELECTOR)].filter(
    (el) => el.getAttribute("aria-disabled") !== "true",
  );
}

const itemBase =
  "relative flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-hidden select-none focus:bg-accent focus:text-accent-foreground aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";

/** A select event: calling preventDefault() keeps the menu open (a checklist, say). */
type SelectEvent = { preventDefault: () => void; defaultPrevented: boolean };

/** Shared item behaviour: pointer hover focuses, Enter/Space/click select, and selecting closes the menu. */
function useItem(onSelect: ((e: SelectEvent) => void) | undefined, after?: () => void) {
  const { setOpen } = useMenu("DropdownMenuItem");
  const select = () => {
    const ev: SelectEvent = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    onSelect?.(ev);
    after?.();
    if (!ev.defaultPrevented) setOpen(false, { focusTrigger: true });
  };
  return {
    tabIndex: -1,
    onClick: select,
    onPointerMove: (e: React.PointerEvent<HTMLElement>) => {
      if (document.activeElement !== e.currentTarget) e.currentTarget.focus({ preventScroll: true });
    },
    onKeyDown: (e: React.KeyboardEvent<HTMLElement>) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        // A link item follows its href: click() runs the Link's own handler (client navigation), then ours.
        e.currentTarget.click();
      }
    },
  };
}

function DropdownMenuItem({
  className,
  inset,
  variant = "default",
  asChild,
  onSelect,
  disabled,
  ...props
}: Omit<React.ComponentProps<"div">, "onSelect"> & {
  inset?: boolean;
  variant?: "default" | "destructive";
  asChild?: boolean;
  disabled?: boolean;
  onSelect?: (e: SelectEvent) => void;
}) {
  const item = useItem(onSelect);
  const Comp = asChild ? SlotPrimitive.Slot : "div";
  return (
    <Comp
      role="menuitem"
      aria-disabled={disabled || undefined}
      data-slot="dropdown-menu-item"
      data-inset={inset}
      data-variant={variant}
      className={cn(
        itemBase,
        "data-[inset]:pl-8 data-[variant=destructive]:text-destructive data-[variant=destructive]:focus:bg-destructive/10 data-[variant=destructive]:focus:text-destructive [&_svg:not([class*='text-'])]:text-muted-foreground data-[variant=destructive]:*:[svg]:!text-destructive",
        className,
      )}
      {...props}
      {...item}
    />
  );
}

function DropdownMenuCheckboxItem({
  className,
  children,
  checked = false,
  onCheckedChange,
  onSelect,
  ...props
}: Omit<React.ComponentProps<"div">, "onSelect"> & {
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  onSelect?: (e: SelectEvent) => void;
}) {
  const item = useItem(onSelect, () => onCheckedChange?.(!checked));
  return (
    <div
      role="menuitemcheckbox"
      aria-checked={checked}
      data-slot="dropdown-menu-checkbox-item"
      data-state={checked ? "checked" : "unchecked"}
      className={cn(itemBase, "py-1.5 pr-2 pl-8", className)}
      {...props}
      {...item}
    >
      <span className="pointer-events-none absolute left-2 flex size-3.5 items-center justify-center">
        {checked ? <CheckIcon className="size-4" /> : null}
      </span>
      {children}
    </div>
  );
}

const RadioContext = React.createContext<{ value: string; onValueChange?: (v: string) => void } | null>(null);

function DropdownMenuRadioGroup({
  value,
  onValueChange,
  ...props
}: Omit<React.ComponentProps<"div">, "onChange"> & { value: string; onValueChange?: (v: string) => void }) {
  const ctx = React.useMemo(() => ({ value, onValueChange }), [value, onValueChange]);
  return (
    <RadioContext.Provider value={ctx}>
      <div role="group" data-slot="dropdown-menu-radio-group" {...props} />
    </RadioContext.Provider>
  );
}

function DropdownMenuRadioItem({
  className,
  children,
  value,
  ...props
}: React.ComponentProps<"div"> & { value: string }) {
  const group = React.useContext(RadioContext);
  const checked = group?.value === value;
  const item = useItem(undefined, () => group?.onValueChange?.(value));
  return (
    <div
      role="menuitemradio"
      aria-checked={checked}
      data-slot="dropdown-menu-radio-item"
      data-state={checked ? "checked" : "unchecked"}
      className={cn(itemBase, "py-1.5 pr-2 pl-8", className)}
      {...props}
      {...item}
    >
      <span className="pointer-events-none absolute left-2 flex size-3.5 items-center justify-center">
        {checked ? <CircleIcon className="size-2 fill-current" /> : null}
      </span>
      {children}
    </div>
  );
}

function DropdownMenuLabel({
  className,
  inset,
  ...props
}: React.ComponentProps<"div"> & { inset?: boolean }) {
  return (
    <div
      data-slot="dropdown-menu-label"
      data-inset={inset}
      className={cn("px-2 py-1.5 text-xs font-medium text-muted-foreground data-[inset]:pl-8", className)}
      {...props}
    />
  );
}

function DropdownMenuSeparator({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      role="separator"
      aria-orientation="horizontal"
      data-slot="dropdown-menu-separator"
      className={cn("-mx-1 my-1 h-px bg-border", className)}
      {...props}
    />
  );
}

export {
  DropdownMenu,
  DropdownMenuTrigger,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuItem,
  DropdownMenuCheckboxItem,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
};
