// Placeholder until accounts land (issue 4): the header renders the signed-in user and active key here.
export function AccountMenu() {
  return null;
}
