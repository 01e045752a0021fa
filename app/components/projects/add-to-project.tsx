import { Form } from '@remix-run/react';
import { MAX_HISTORY_TITLE } from '~/schemas/calculation-history';

export type ProjectChoice = { id: number; name: string };

/**
 * 'Adicionar ao projeto': a plain POST form (intent `add-to-project`) with the user's projects;
 * on a result page it carries the inputs and a title, on the history the saved calculation's id.
 */
export function AddToProjectForm({
  projects,
  idPrefix,
  hidden,
  defaultTitle,
  itemTitle,
}: {
  projects: ProjectChoice[];
  idPrefix: string;
  hidden: Record<string, string>;
  defaultTitle?: string;
  itemTitle?: string;
}) {
  if (projects.length === 0) return null;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2 print:hidden" data-testid="add-to-project">
      <input type="hidden" name="intent" value="add-to-project" />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="min-w-0 flex-1">
        <label htmlFor={`${idPrefix}-project`} className="label">
          Projeto{itemTitle ? <span className="sr-only"> para {itemTitle}</span> : null}
        </label>
        <select id={`${idPrefix}-project`} name="projectId" className="input w-full">
          {projects.map((project) => (
            <option key={project.id} value={project.id}>
              {project.name}
            </option>
          ))}
        </select>
      </div>
      {defaultTitle !== undefined ? (
        <div className="min-w-0 flex-1">
          <label htmlFor={`${idPrefix}-title`} className="label">
            Título no projeto
          </label>
          <input
            id={`${idPrefix}-title`}
            name="title"
            defaultValue={defaultTitle}
            maxLength={MAX_HISTORY_TITLE}
            required
            className="input w-full"
          />
        </div>
      ) : null}
      <button type="submit" className="btn-secondary shrink-0">
        Adicionar ao projeto{itemTitle ? <span className="sr-only"> {itemTitle}</span> : null}
      </button>
    </Form>
  );
}
