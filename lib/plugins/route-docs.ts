// Shared wording of the plugin routes' OpenAPI descriptions.
export const PLUGIN_TAGS = ['Plugins'];
export const INSTALLATION_ACCESS = 'Partner users with access to every organization (403 `FULL_PARTNER_ACCESS_REQUIRED` otherwise); an installation of another partner is 404.';
