import { Button } from "@/components/ui/button";

/**
 * Beside a settings form's Save: its values differ from the saved ones (typed now, or kept from before a reload by
 * useKeptDraft), with the way back to what is saved.
 */
export function UnsavedChanges({ dirty, onDiscard }: { dirty: boolean; onDiscard: () => void }) {
  if (!dirty) return null;
  return (
    <p className="text-sm text-pretty text-muted-foreground" data-testid="unsaved-changes">
      Unsaved changes, kept in this tab until you save.{" "}
      <Button type="button" variant="link" className="h-auto p-0 align-baseline" onClick={onDiscard}>
        Discard
      </Button>
    </p>
  );
}
