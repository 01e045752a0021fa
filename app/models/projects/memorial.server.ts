import { type FrozenCalculation } from './frozen-calculation.server';
import { changeSummary } from './revision-changes';
import { AppError } from '../../utils/errors';
import { getOwnProject, type ProjectOwner } from './project.server';
import { currentSnapshot, getRevision, listRevisions, revisionsUpTo, type FrozenProject, type RevisionSummary } from './revisions.server';

/**
 * What the project memorial prints (the owner's page and the client's shared link alike): the
 * frozen project, its calculations, and the revision table as sentences. Nothing else of the
 * account (no e-mail, no history) is in it.
 */
export type ProjectMemorialData = {
  project: FrozenProject;
  /** 'Rev. 01', or null for the preview of what the next revision would freeze. */
  revision: string | null;
  issuedAt: string | null;
  calculations: FrozenCalculation[];
  revisions: { label: string; issuedAt: string; lines: string[] }[];
};

export function memorialData(
  snapshot: { project: FrozenProject; calculations: FrozenCalculation[] },
  revision: { label: string; issuedAt: string } | null,
  revisions: RevisionSummary[],
): ProjectMemorialData {
  return {
    project: snapshot.project,
    revision: revision?.label ?? null,
    issuedAt: revision?.issuedAt ?? null,
    calculations: snapshot.calculations,
    revisions: revisions.map((entry) => ({
      label: entry.label,
      issuedAt: entry.issuedAt,
      lines:
        entry.number === 0
          ? ['Emissão inicial']
          : entry.changes.length === 0
            ? ['Dados do projeto alterados']
            : entry.changes.map(changeSummary),
    })),
  };
}

/** The owner's memorial: revision `number` as frozen, or (null) the preview of the next one. */
export function projectMemorial(user: ProjectOwner, projectId: number, number: number | null): ProjectMemorialData {
  if (number === null) {
    getOwnProject(user, projectId);
    return memorialData(currentSnapshot(projectId), null, listRevisions(user, projectId));
  }
  if (number < 0) throw new AppError(404, 'Revisão não encontrada');
  const revision = getRevision(user, projectId, number);
  return memorialData(revision.snapshot, revision, revisionsUpTo(projectId, number));
}
