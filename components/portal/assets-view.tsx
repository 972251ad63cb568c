'use client';

import { useState } from 'react';
import { ApiError } from '@/lib/client/portal-client';
import { useAssetMove, usePortalAssets, type PortalAsset } from '@/hooks/use-portal';
import { inputBase, primaryButton, secondaryButton } from '@/components/portal/brand-style';
import { when } from '@/components/portal/ticket-labels';

function AssetCard({ asset }: { asset: PortalAsset }) {
  const move = useAssetMove();
  const [dueBack, setDueBack] = useState('');
  const error = move.error instanceof ApiError ? move.error.message : null;
  const c = asset.checkout;
  return (
    <li className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="asset-card">
      <div>
        <p className="font-medium">{asset.name}</p>
        <p className="text-xs text-slate-500">{[asset.kind, asset.manufacturer, asset.model, asset.assetTag].filter(Boolean).join(' · ')}</p>
        {asset.description && <p className="mt-1 text-sm text-slate-600">{asset.description}</p>}
      </div>
      {c ? (
        <p className="text-sm" data-testid="asset-holder">
          {c.mine ? 'You have it' : `With ${c.borrowerName ?? 'a colleague'}`} since {when(c.checkedOutAt)}
          {c.dueBackAt && <> · due back {new Date(c.dueBackAt).toLocaleDateString()}</>}
        </p>
      ) : (
        <p className="text-sm text-emerald-700">Available</p>
      )}
      {!c && (
        <div className="flex flex-wrap items-end gap-2">
          <label className="text-xs text-slate-600">
            Return by (optional)
            <input type="date" className={`${inputBase} mt-1 w-40`} value={dueBack} min={new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)} onChange={(e) => setDueBack(e.target.value)} />
          </label>
          <button type="button" className={primaryButton} disabled={move.isPending} onClick={() => move.mutate({ id: asset.id, action: 'checkout', dueBackAt: dueBack ? new Date(`${dueBack}T17:00:00`).toISOString() : null })}>
            Check out
          </button>
        </div>
      )}
      {c?.mine && (
        <button type="button" className={secondaryButton} disabled={move.isPending} onClick={() => move.mutate({ id: asset.id, action: 'checkin' })}>
          Check in
        </button>
      )}
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </li>
  );
}

export function AssetsView() {
  const [filter, setFilter] = useState<'all' | 'available' | 'mine'>('all');
  const assets = usePortalAssets(filter === 'available' ? { available: true } : filter === 'mine' ? { mine: true } : {});
  return (
    <section className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Assets</h1>
        <select aria-label="Show" className={`${inputBase} w-auto`} value={filter} onChange={(e) => setFilter(e.target.value as typeof filter)}>
          <option value="all">Everything you can borrow</option>
          <option value="available">Available now</option>
          <option value="mine">What I have</option>
        </select>
      </div>
      {assets.isError && <p role="alert" className="text-sm text-red-600">Could not load assets.</p>}
      <ul className="grid gap-4 sm:grid-cols-2">
        {assets.data?.data.map((a) => (
          <AssetCard key={a.id} asset={a} />
        ))}
      </ul>
      {assets.data && assets.data.data.length === 0 && <p className="text-sm text-slate-500">Nothing to show.</p>}
    </section>
  );
}
