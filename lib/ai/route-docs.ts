export const AI_TAGS = ['AI assistant'];
export const AI_ACCESS =
  'Signed-in users of a partner or organization (not API keys). A session is its user’s own: another user’s, or another partner’s, is 404. The assistant’s tools act with the user’s own permissions and scope.';
export const AI_ADMIN_ACCESS = 'Needs `ai:admin`. Partner-wide for users who see every organization; otherwise the sessions of users of the organizations they see.';
