'use client';

// Software inventory (fleet view, a package's devices, a device's packages, uninstall) and the
// software catalog (packages, versions, installer uploads).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '@/lib/client/api-client';
import type { Wire } from '@/lib/client/json';
import { useSignedIn } from '@/hooks/use-api';
import type { z } from 'zod';
import type {
  ZCatalogList,
  ZListCatalogQuery,
  ZListInventoryQuery,
  ZCatalogPackage,
  ZCatalogPackageDetail,
  ZCatalogVersion,
  ZDeviceSoftwareList,
  ZInventoryList,
  ZPackageDeviceList,
  ZUninstallResponse,
} from '@/lib/software/schemas';

export type InventoryList = Wire<typeof ZInventoryList>;
export type InventoryPackage = InventoryList['data'][number];
export type PackageDeviceList = Wire<typeof ZPackageDeviceList>;
export type DeviceSoftwareList = Wire<typeof ZDeviceSoftwareList>;
export type DeviceSoftwareItem = DeviceSoftwareList['data'][number];
export type CatalogPackage = Wire<typeof ZCatalogPackage>;
export type CatalogPackageDetail = Wire<typeof ZCatalogPackageDetail>;
export type CatalogVersion = Wire<typeof ZCatalogVersion>;

/** The inventory query as the console sends it (the CSV export sets format itself). */
export type InventoryFilters = Omit<z.input<typeof ZListInventoryQuery>, 'format' | 'page' | 'limit'> & { page: number; limit: number };

export function useSoftwareInventory(filters: InventoryFilters) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['software', 'inventory', filters], queryFn: () => api<InventoryList>('/software/inventory', { query: { ...filters } }), enabled });
}

/** The CSV of every row matching the filters, as the server writes it. */
export async function fetchInventoryCsv(filters: Omit<InventoryFilters, 'page' | 'limit'>): Promise<string> {
  const res = await apiFetch('/software/inventory', { query: { ...filters, format: 'csv' } });
  return res.text();
}

export function usePackageDevices(pkg: { name: string; vendor: string | null } | null, filters: { orgId?: string; osType?: string; page: number }) {
  const enabled = useSignedIn() && pkg !== null;
  return useQuery({
    queryKey: ['software', 'package-devices', pkg, filters],
    queryFn: () => api<PackageDeviceList>('/software/inventory/devices', { query: { name: pkg!.name, vendor: pkg!.vendor ?? '', ...filters, limit: 50 } }),
    enabled,
  });
}

export function useDeviceSoftware(deviceId: string, search: string) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['software', 'device', deviceId, search],
    queryFn: () => api<DeviceSoftwareList>(`/software/inventory/${deviceId}`, { query: { search: search || undefined } }),
    enabled,
  });
}

export function useUninstallSoftware(deviceId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (softwareId: string) => api<Wire<typeof ZUninstallResponse>>(`/software/inventory/${deviceId}/${softwareId}/uninstall`, { method: 'POST' }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['software'] });
      void qc.invalidateQueries({ queryKey: ['devices'] });
    },
  });
}

export type CatalogFilters = Omit<z.input<typeof ZListCatalogQuery>, 'page' | 'limit'> & { page: number; limit: number };

export function useSoftwareCatalog(filters: CatalogFilters) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['software', 'catalog', filters], queryFn: () => api<Wire<typeof ZCatalogList>>('/software/catalog', { query: { ...filters } }), enabled });
}

export function useCatalogPackage(id: string | null) {
  const enabled = useSignedIn() && id !== null;
  return useQuery({ queryKey: ['software', 'catalog', 'one', id], queryFn: () => api<CatalogPackageDetail>(`/software/catalog/${id}`), enabled });
}

export type CatalogPackageInput = { name: string; vendor?: string | null; description?: string | null; category?: string | null; kind: 'package_manager' | 'installer'; packageRef?: string; osTypes?: string[] };

export function useCreateCatalogPackage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CatalogPackageInput) => api<CatalogPackage>('/software/catalog', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['software', 'catalog'] }),
  });
}

export function useDeleteCatalogPackage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/software/catalog/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['software', 'catalog'] }),
  });
}

export function useAddCatalogVersion(packageId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { version: string; releaseNotes?: string | null; silentInstallArgs?: string | null; silentUninstallArgs?: string | null }) =>
      api<CatalogVersion>(`/software/catalog/${packageId}/versions`, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['software', 'catalog'] }),
  });
}

export function useUploadInstaller(packageId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ versionId, file }: { versionId: string; file: File }) =>
      api<CatalogVersion>(`/software/catalog/${packageId}/versions/${versionId}/installer`, { method: 'POST', raw: file, query: { fileName: file.name } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['software', 'catalog'] }),
  });
}
