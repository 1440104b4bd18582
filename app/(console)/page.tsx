import { redirect } from "next/navigation";

/** The console has no home page of its own: the cluster list is where people start. */
export default function ConsoleHome(): never {
  redirect("/clusters");
}
