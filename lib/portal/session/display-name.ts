// Pure, so the portal's pages and the login response name a user the same way without the UI
// importing the module that loads sessions from the database.

/** The name a portal user goes by: their contact name, else their email address. */
export function displayNameOf(contact: { name: string | null; email: string }): string {
  return contact.name?.trim() || contact.email;
}
