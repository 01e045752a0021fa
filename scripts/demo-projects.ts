import { findUserByEmail } from '../app/models/accounts/user.server';
import { addCalculationToProject, listProjectRows, updateCalculationInputs } from '../app/models/projects/project-calculations.server';
import { createProject } from '../app/models/projects/project.server';
import { issueRevision } from '../app/models/projects/revisions.server';
import { DEMO_PROJECT } from '../db/seed-constants';

/**
 * The demo's project (issue 32): the E-TOOL user's 'Galpão Metalúrgica Sul' with three shaft
 * calculations, Rev. 00, an input changed, and Rev. 01, so the project page, its memorial and the
 * revision table have something to show. Written through the project models, like a person would.
 */
export function seedDemoProjects(): void {
  const owner = findUserByEmail('tool@example.com');
  if (!owner) return;
  const project = createProject(owner, {
    name: DEMO_PROJECT.name,
    client: 'Metalúrgica Sul Ltda.',
    place: 'Joinville, SC',
    art: '28027230201234567',
    engineerName: 'Carla Ferreira',
    crea: 'SC-123456/D',
    description: 'Acionamentos do galpão de estamparia: eixos das bombas e dos ventiladores.',
  });
  const shaft = (speed: number) => `power=7%2C5&power_unit=kW&speed=${speed}&allowableShear=40&bendingMoment=0&keyway=no`;
  addCalculationToProject(owner, project.id, { slug: 'torque-eixo', title: 'Eixo da bomba de recalque', query: shaft(1750) });
  addCalculationToProject(owner, project.id, { slug: 'torque-eixo', title: 'Eixo do ventilador do forno', query: shaft(1150) });
  issueRevision(owner, project.id);
  const [first] = listProjectRows(project.id);
  updateCalculationInputs(owner, project.id, first.id, { title: first.title, query: shaft(3500) });
  addCalculationToProject(owner, project.id, { slug: 'torque-eixo', title: 'Eixo do compressor', query: shaft(1450) });
  issueRevision(owner, project.id);
}
