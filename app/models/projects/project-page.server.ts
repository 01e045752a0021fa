import { PROJECT_PAGE_SIZES } from '../../schemas/projects';
import { listCalculatorsFor } from '../tools/calculator-access.server';
import { type AccessSubject } from '../tools/tool-access';
import { listProjectCalculationsPage } from './project-calculations.server';
import { getOwnProject, toProjectView, type ProjectOwner } from './project.server';
import { listRevisionsPage, versionDrift } from './revisions.server';
import { listShareLinks } from './share-links.server';

/**
 * What /projects/{id} shows: the project, and its calculations, revisions and share links, each a
 * page of its own read through its index (a project holds up to 200 calculations and any number
 * of revisions and links), the version check and the calculators a new calculation may use.
 */
export function projectPageData(
  user: ProjectOwner & AccessSubject,
  projectId: number,
  pages: { page: number; revisoes: number; links: number },
) {
  const project = toProjectView(getOwnProject(user, projectId));
  return {
    project,
    calculations: listProjectCalculationsPage(user, projectId, { page: pages.page, perPage: PROJECT_PAGE_SIZES.calculations }),
    revisions: listRevisionsPage(user, projectId, { page: pages.revisoes, perPage: PROJECT_PAGE_SIZES.revisions }),
    drift: versionDrift(user, projectId),
    links: listShareLinks(user, projectId, { page: pages.links, perPage: PROJECT_PAGE_SIZES.links }),
    calculators: listCalculatorsFor(user)
      .filter((gate) => gate.access === 'open')
      .map(({ calculator }) => ({ slug: calculator.slug, title: calculator.title })),
  };
}
