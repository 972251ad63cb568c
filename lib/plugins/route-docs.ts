// Shared wording of the plugin routes' OpenAPI descriptions.
export const PLUGIN_TAGS = ['Plugins'];
export const INSTALLATION_ACCESS = 'Partner users with access to every organization: for users limited to some organizations installations are absent (404, empty lists) and installing is 403 `FULL_PARTNER_ACCESS_REQUIRED`; an installation of another partner is 404.';
