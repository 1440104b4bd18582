import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description: string;
  children?: React.ReactNode;
  footer: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      <Card className="gap-6 py-6 shadow-sm">
        <CardHeader className="px-6">
          <CardTitle>
            <h1 className="text-lg font-semibold tracking-tight">{title}</h1>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        {children ? <CardContent className="px-6">{children}</CardContent> : null}
      </Card>
      <p className="text-center text-sm text-muted-foreground">{footer}</p>
    </div>
  );
}
