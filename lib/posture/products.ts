// Management products the reference agent fingerprints (agent/src/posture-fingerprints.ts),
// by slug. Agents may report other slugs (a newer agent); those are stored and shown by slug.
export const MANAGEMENT_PRODUCTS: Record<string, string> = {
  teamviewer: 'TeamViewer',
  anydesk: 'AnyDesk',
  'connectwise-screenconnect': 'ConnectWise ScreenConnect',
  'connectwise-automate': 'ConnectWise Automate (LabTech)',
  'datto-rmm': 'Datto RMM (CentraStage)',
  ninjaone: 'NinjaOne',
  'n-able-n-central': 'N-able N-central',
  'n-able-n-sight': 'N-able N-sight (Advanced Monitoring Agent)',
  'kaseya-vsa': 'Kaseya VSA',
  atera: 'Atera',
  syncro: 'Syncro',
  splashtop: 'Splashtop',
  pulseway: 'Pulseway',
  logmein: 'LogMeIn',
  'goto-resolve': 'GoTo Resolve',
  'tactical-rmm': 'Tactical RMM',
  meshcentral: 'MeshCentral',
  rustdesk: 'RustDesk',
  action1: 'Action1',
  'manageengine-endpoint-central': 'ManageEngine Endpoint Central',
  'chrome-remote-desktop': 'Chrome Remote Desktop',
};

export const productName = (slug: string) => MANAGEMENT_PRODUCTS[slug] ?? slug;

export const PRODUCT_SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;
