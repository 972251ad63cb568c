// The MIB tree of the standard modules shipped with the service (lib/snmp/mib-tree.json, built
// by scripts/build-mib-tree.cjs): browse a node's children, search by name, name an OID.
import tree from '@/lib/snmp/mib-tree.json';

type Row = [name: string, module: string, syntax: string | null, access: string | null, description: string | null];
const NODES = tree as unknown as Record<string, Row>;

export interface MibNode {
  oid: string;
  name: string;
  module: string | null;
  type: string | null;
  access: string | null;
  description: string | null;
  hasChildren: boolean;
}

const sortKey = (oid: string) => oid.split('.').map((n) => n.padStart(10, '0')).join('.');
const parentOf = (oid: string) => (oid.includes('.') ? oid.slice(0, oid.lastIndexOf('.')) : '');

let children: Map<string, string[]> | null = null;
function childIndex(): Map<string, string[]> {
  if (children) return children;
  children = new Map();
  for (const oid of Object.keys(NODES).sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1))) {
    // A node hangs under its nearest known ancestor (a module may skip intermediate arcs).
    let parent = parentOf(oid);
    while (parent && !NODES[parent]) parent = parentOf(parent);
    const list = children.get(parent) ?? [];
    list.push(oid);
    children.set(parent, list);
  }
  return children;
}

function toNode(oid: string): MibNode {
  const [name, module, type, access, description] = NODES[oid];
  return { oid, name, module, type, access, description, hasChildren: (childIndex().get(oid)?.length ?? 0) > 0 };
}

export function mibNode(oid: string): MibNode | null {
  return NODES[oid] ? toNode(oid) : null;
}

/** The nearest known node at or above `oid` (a table column for an instance OID), with the rest as the instance. */
export function nameOid(oid: string): { node: MibNode; instance: string } | null {
  for (let o = oid; o; o = parentOf(o)) if (NODES[o]) return { node: toNode(o), instance: oid.slice(o.length + 1) };
  return null;
}

export function mibChildren(oid: string | undefined, limit: number): MibNode[] {
  return (childIndex().get(oid ?? '') ?? []).slice(0, limit).map(toNode);
}

export function searchMib(term: string, limit: number): MibNode[] {
  const needle = term.toLowerCase();
  const hits: MibNode[] = [];
  for (const oid of Object.keys(NODES).sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1))) {
    const [name, module, , , description] = NODES[oid];
    if (name.toLowerCase().includes(needle) || module.toLowerCase().includes(needle) || description?.toLowerCase().includes(needle)) hits.push(toNode(oid));
    if (hits.length >= limit) break;
  }
  return hits;
}
