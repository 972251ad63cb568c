// The KEV columns a findings query selects (left join known_exploited_vulnerabilities k) as the API's object.
export interface KevColumns {
  kev_cve: string | null;
  date_added: Date | null;
  due_date: Date | null;
  known_ransomware: boolean | null;
  vendor_project: string | null;
  product: string | null;
}

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

export function kevDto(r: KevColumns) {
  if (r.kev_cve === null) return null;
  return { dateAdded: day(r.date_added), dueDate: day(r.due_date), knownRansomware: Boolean(r.known_ransomware), vendorProject: r.vendor_project, product: r.product };
}

export const KEV_COLUMNS = 'k.cve_id as kev_cve, k.date_added, k.due_date, k.known_ransomware, k.vendor_project, k.product';
