// The acknowledgement rules of an organization import commit (doc 3): which rows proceed, and
// as what, given the annotations re-derived against fresh state.
import { uniqueSlug, type OrgGroup, type OrgImportPlan, type OrgImportState } from '@/lib/imports/plan-org-import';
import type { OrgImportErrorCode, TOrgImportRow } from '@/lib/imports/schemas';

export interface OrgRowError {
  index: number;
  organization: string;
  code: OrgImportErrorCode;
  message: string;
}

export interface OrgGroupAction {
  group: OrgGroup;
  /** `create`: a new organization; `attach`: the matched one. */
  kind: 'create' | 'attach';
  rows: number[];
  reactivate: boolean;
  /** Write the group's external link (new organization, or a confirmed name match). */
  link: boolean;
  /** forceCreate over a soft-deleted organization matched by link: the link moves to the new one. */
  moveLink: boolean;
}

export interface OrgCommitDecision {
  actions: OrgGroupAction[];
  errors: OrgRowError[];
}

export function decideOrgCommit(rows: TOrgImportRow[], plan: OrgImportPlan, state: OrgImportState): OrgCommitDecision {
  const errors: OrgRowError[] = [];
  const fail = (index: number, code: OrgImportErrorCode, message: string) => errors.push({ index, organization: rows[index].organization, code, message });
  const actions: OrgGroupAction[] = [];

  const accepted = new Map<OrgGroup, { index: number; intent: 'create' | 'attach' | 'reactivate' }[]>();
  rows.forEach((row, index) => {
    const group = plan.rowGroup[index];
    if (!group) return fail(index, 'row-conflict', plan.rowConflict[index]!);
    const derived = group.annotation;
    if (derived === 'conflict') return fail(index, 'row-conflict', group.conflictReason!);
    if (row.expectedAnnotation && row.expectedAnnotation !== derived) {
      return fail(index, 'annotation-changed', `Annotation changed since preview: expected "${row.expectedAnnotation}", now "${derived}"; preview again`);
    }
    if (row.expectedOrganizationId && row.expectedOrganizationId !== group.match?.id) {
      return fail(index, 'match-changed', 'The row no longer resolves to the organization the preview matched; preview again');
    }
    if (row.reactivate && row.forceCreate) return fail(index, 'row-conflict', 'reactivate and forceCreate exclude each other');
    let intent: 'create' | 'attach' | 'reactivate';
    if (derived === 'create' || derived === 'link-match') intent = derived === 'create' ? 'create' : 'attach';
    else if (row.forceCreate) intent = 'create';
    else if (derived === 'name-match') {
      if (row.expectedAnnotation !== 'name-match') {
        return fail(index, 'match-unconfirmed', `Matches the existing organization "${group.match!.name}" by name only; commit with expectedAnnotation "name-match" to attach, or forceCreate`);
      }
      intent = 'attach';
    } else {
      if (!row.reactivate) {
        return fail(index, 'match-unconfirmed', `Matches the deleted organization "${group.match!.name}"; send reactivate: true to restore it, or forceCreate`);
      }
      intent = 'reactivate';
    }
    accepted.set(group, [...(accepted.get(group) ?? []), { index, intent }]);
  });

  const live = state.orgs.filter((o) => !o.deletedAt).length;
  // Creates already reserved capacity in the plan; forced creates and reactivations take what is left.
  let capacity = state.maxOrganizations === null ? Infinity : state.maxOrganizations - live - plan.groups.filter((g) => g.annotation === 'create').length;
  for (const [group, list] of accepted) {
    const intents = new Set(list.map((r) => r.intent));
    if (intents.size > 1) {
      for (const r of list) fail(r.index, 'row-conflict', `Rows of organization "${group.organization}" disagree on forceCreate/reactivate`);
      continue;
    }
    const intent = list[0].intent;
    const forced = intent === 'create' && group.annotation !== 'create';
    if ((forced || intent === 'reactivate') && capacity-- <= 0) {
      for (const r of list) fail(r.index, 'row-conflict', `The partner's limit of ${state.maxOrganizations} organizations is reached`);
      continue;
    }
    if (forced) group.slug = uniqueSlug(group.organization, plan.takenSlugs);
    actions.push({
      group,
      kind: intent === 'create' ? 'create' : 'attach',
      rows: list.map((r) => r.index),
      reactivate: intent === 'reactivate',
      link: group.externalId !== null && (intent === 'create' || group.matchedBy === 'name'),
      moveLink: forced && group.matchedBy === 'link',
    });
  }
  errors.sort((a, b) => a.index - b.index);
  return { actions, errors };
}
