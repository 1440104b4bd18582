"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { FormAlert } from "@/components/common/form-alert";
import { Button } from "@/components/ui/button";
import { verifyEmailAction } from "@/lib/accounts/actions";
import { useActionMutation } from "@/lib/query/mutation";

/**
 * The verification page's one button. A press, not the page's load, verifies: mail scanners that open every link
 * would otherwise use it up.
 */
export function VerifyEmailButton({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const verify = useActionMutation(() => verifyEmailAction({ token }), {
    onSuccess: ({ email }) => {
      toast.success(`${email} is verified`, { description: "Email notifications go there now." });
      router.push("/settings/inbox");
    },
  });
  return (
    <div className="flex flex-col items-center gap-4">
      <Button onClick={() => verify.mutate()} disabled={verify.isPending || verify.isSuccess}>
        {verify.isPending ? "Verifying…" : `Verify ${email}`}
      </Button>
      {verify.isError ? <FormAlert message={verify.error.message} /> : null}
    </div>
  );
}
