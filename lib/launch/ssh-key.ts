/**
 * The "add an SSH key" form's input: Runcrate's body schema, with the name held to what a person may type
 * (no control or invisible format characters; see lib/text/typed-name.ts). Shared by the form and the action.
 */
import { addSshKeyBodySchema } from "@/lib/runcrate/request-schemas";
import { invisibleCharacterMessage, isCleanTypedName } from "@/lib/text/typed-name";

export const addSshKeyInputSchema = addSshKeyBodySchema.extend({
  name: addSshKeyBodySchema.shape.name.refine(isCleanTypedName, invisibleCharacterMessage("The name")),
});
