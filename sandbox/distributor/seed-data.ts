// Seeded data of the sandbox distributor: companies with contacts, products with provisioning
// fields and commitment rules, and subscriptions. Ids are fixed so tests and demos can name them.

export interface SandboxContact {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  types: { type: 'Admin' | 'Billing' | 'Technical'; primary: boolean }[];
}

export interface SandboxCompany {
  id: string;
  name: string;
  status: string;
  contacts: SandboxContact[];
}

export interface SandboxProvisionField {
  key: string;
  label: string;
  description: string;
  valueType: 'Input' | 'Single-Value' | 'Multi-Value';
  possibleValues: string[];
  /** Known only to the sandbox: the public API exposes no requiredness (mock orders enforce it). */
  required: boolean;
}

export interface SandboxCommitmentRule {
  id: string;
  term: string;
  allowForQuantityIncrease: boolean;
  allowForQuantityDecrease: boolean;
  allowForEarlyCancellation: boolean;
  cancellationFeeApplied: boolean;
}

export interface SandboxProduct {
  id: string;
  name: string;
  vendorName: string;
  vendorSkuId: string;
  billingFrequency: string;
  commitmentTermMonths: number | null;
  active: boolean;
  provisionDetails: SandboxProvisionField[];
  commitments: SandboxCommitmentRule[];
  /** A new subscription must name one of the product's commitments. */
  commitmentRequired: boolean;
}

export interface SandboxSubscription {
  id: string;
  companyId: string;
  productId: string;
  quantity: number | null;
  status: string;
  billingTerm: string;
  commitments: { id: string; term: string; startDate: string; endDate: string | null }[];
  createdDate: string;
}

export interface SandboxSeed {
  companies: SandboxCompany[];
  products: SandboxProduct[];
  subscriptions: SandboxSubscription[];
}

const contact = (id: string, name: string, types: SandboxContact['types']): SandboxContact => {
  const [firstName, lastName] = name.split(' ');
  return { id, firstName, lastName, email: `${firstName.toLowerCase()}@example.test`, phone: '+1 555 0100', types };
};
const primary = (...types: ('Admin' | 'Billing' | 'Technical')[]) => types.map((type) => ({ type, primary: true }));

const M365_COMMITMENTS: SandboxCommitmentRule[] = [
  { id: 'cmt-m365-annual', term: 'Annual', allowForQuantityIncrease: true, allowForQuantityDecrease: false, allowForEarlyCancellation: false, cancellationFeeApplied: true },
  { id: 'cmt-m365-monthly', term: 'Monthly', allowForQuantityIncrease: true, allowForQuantityDecrease: true, allowForEarlyCancellation: true, cancellationFeeApplied: false },
];

export function defaultSeed(): SandboxSeed {
  return {
    companies: [
      {
        id: 'cmp-1001',
        name: 'Contoso Ltd',
        status: 'Active',
        contacts: [contact('ct-1', 'Alice Admin', primary('Admin')), contact('ct-2', 'Bob Billing', primary('Billing')), contact('ct-3', 'Tina Tech', primary('Technical'))],
      },
      {
        // Technical contact exists but is not primary: not order-ready.
        id: 'cmp-1002',
        name: 'Fabrikam Inc',
        status: 'Active',
        contacts: [contact('ct-4', 'Fay Founder', primary('Admin', 'Billing')), contact('ct-5', 'Ted Tinker', [{ type: 'Technical', primary: false }])],
      },
      {
        id: 'cmp-1003',
        name: 'Northwind Traders',
        status: 'Inactive',
        contacts: [contact('ct-6', 'Nora North', primary('Admin', 'Billing', 'Technical'))],
      },
      {
        id: 'cmp-1004',
        name: 'Tailspin Toys',
        status: 'Active',
        contacts: [contact('ct-7', 'Tom Tailspin', primary('Admin', 'Billing', 'Technical'))],
      },
    ],
    products: [
      {
        id: 'prd-m365-bp',
        name: 'Microsoft 365 Business Premium',
        vendorName: 'Microsoft',
        vendorSkuId: 'CFQ7TTC0LCHC',
        billingFrequency: 'Monthly',
        commitmentTermMonths: 12,
        active: true,
        provisionDetails: [
          { key: 'tenantDomain', label: 'Tenant domain', description: 'The customer tenant (*.onmicrosoft.com)', valueType: 'Input', possibleValues: [], required: true },
          { key: 'autoRenew', label: 'Auto-renew', description: 'Renew at the end of the term', valueType: 'Single-Value', possibleValues: ['Yes', 'No'], required: false },
        ],
        commitments: M365_COMMITMENTS,
        commitmentRequired: true,
      },
      {
        id: 'prd-backup-1tb',
        name: 'Cloud Backup 1 TB',
        vendorName: 'Acme Backup',
        vendorSkuId: 'ACB-1TB',
        billingFrequency: 'Monthly',
        commitmentTermMonths: null,
        active: true,
        provisionDetails: [],
        commitments: [],
        commitmentRequired: false,
      },
      {
        id: 'prd-endpoint-av',
        name: 'Endpoint Antivirus',
        vendorName: 'Acme Security',
        vendorSkuId: 'ACAV-01',
        billingFrequency: 'Annual',
        commitmentTermMonths: 12,
        active: true,
        provisionDetails: [
          { key: 'regions', label: 'Data regions', description: 'Where telemetry is stored', valueType: 'Multi-Value', possibleValues: ['EU', 'US'], required: true },
        ],
        commitments: [
          { id: 'cmt-av-annual', term: 'Annual', allowForQuantityIncrease: true, allowForQuantityDecrease: true, allowForEarlyCancellation: false, cancellationFeeApplied: true },
        ],
        commitmentRequired: false,
      },
      {
        id: 'prd-legacy-mail',
        name: 'Legacy Mail Archive',
        vendorName: 'Acme Mail',
        vendorSkuId: 'ACM-OLD',
        billingFrequency: 'Monthly',
        commitmentTermMonths: null,
        active: false,
        provisionDetails: [],
        commitments: [],
        commitmentRequired: false,
      },
    ],
    subscriptions: [
      {
        id: 'sub-2001',
        companyId: 'cmp-1001',
        productId: 'prd-m365-bp',
        quantity: 25,
        status: 'Active',
        billingTerm: 'Monthly',
        commitments: [{ id: 'cmt-m365-monthly', term: 'Monthly', startDate: '2025-01-01', endDate: null }],
        createdDate: '2025-01-01T00:00:00Z',
      },
      {
        id: 'sub-2002',
        companyId: 'cmp-1001',
        productId: 'prd-backup-1tb',
        quantity: 3,
        status: 'Active',
        billingTerm: 'Monthly',
        commitments: [],
        createdDate: '2025-02-01T00:00:00Z',
      },
      {
        // No credible quantity, and two commitments both claim to be in force.
        id: 'sub-2003',
        companyId: 'cmp-1002',
        productId: 'prd-endpoint-av',
        quantity: null,
        status: 'Active',
        billingTerm: 'Annual',
        commitments: [
          { id: 'cmt-av-annual', term: 'Annual', startDate: '2025-03-01', endDate: null },
          { id: 'cmt-av-annual-2', term: 'Annual', startDate: '2025-06-01', endDate: null },
        ],
        createdDate: '2025-03-01T00:00:00Z',
      },
      {
        id: 'sub-2004',
        companyId: 'cmp-1004',
        productId: 'prd-m365-bp',
        quantity: 10,
        status: 'Active',
        billingTerm: 'Annual',
        commitments: [
          { id: 'cmt-m365-monthly', term: 'Monthly', startDate: '2024-01-01', endDate: '2024-12-31' },
          { id: 'cmt-m365-annual', term: 'Annual', startDate: '2025-01-01', endDate: '2099-12-31' },
        ],
        createdDate: '2024-01-01T00:00:00Z',
      },
      {
        id: 'sub-2005',
        companyId: 'cmp-1003',
        productId: 'prd-backup-1tb',
        quantity: 0,
        status: 'Cancelled',
        billingTerm: 'Monthly',
        commitments: [],
        createdDate: '2024-05-01T00:00:00Z',
      },
    ],
  };
}
