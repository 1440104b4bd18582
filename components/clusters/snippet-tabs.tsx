"use client";

import { CodeBlock } from "@/components/common/code-block";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { SnippetTab } from "@/lib/clusters/snippets";

/** The launcher snippets, one tab each; a tab the stack cannot use is disabled with the reason as its title. */
export function SnippetTabs({ tabs, initial }: { tabs: SnippetTab[]; initial: string }) {
  return (
    <Tabs defaultValue={initial}>
      <div>
        {/* Wraps onto a second row on a phone rather than hiding tabs off the edge. */}
        <TabsList className="h-auto flex-wrap justify-start">
          {tabs.map((t) => (
            <TabsTrigger
              key={t.name}
              value={t.name}
              disabled={t.disabledReason !== null}
              title={t.disabledReason ?? undefined}
            >
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
      </div>
      {tabs.map((t) =>
        t.text ? (
          <TabsContent key={t.name} value={t.name}>
            <CodeBlock label={`${t.label} command`} text={t.text} testId={`snippet-${t.name}`} />
          </TabsContent>
        ) : null,
      )}
    </Tabs>
  );
}
