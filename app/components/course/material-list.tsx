import { LightLink } from '~/components/ui/light-link';
import { useLocation } from '@remix-run/react';
import { ConfirmActionLink } from '~/components/ui/confirm-action';
import type { MaterialView } from '~/models/courses/content.server';
import { isWebUrl } from '~/schemas/course';
import { MATERIAL_FILE_TYPE_LABELS } from '~/utils/value-sets';
import { DELETE_MATERIAL_MESSAGE, deleteMaterialLink, editMaterialLink } from './content-links';

const fileTypeLabel = (type: string) => MATERIAL_FILE_TYPE_LABELS[type as keyof typeof MATERIAL_FILE_TYPE_LABELS] ?? type;

function MaterialIcon({ type }: { type: MaterialView['iconType'] }) {
  const paths = {
    file: (
      <>
        <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
        <path d="M14 3v5h5" />
      </>
    ),
    link: (
      <>
        <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
        <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
      </>
    ),
    object: (
      <>
        <path d="M21 16V8l-9-5-9 5v8l9 5z" />
        <path d="M3.3 7 12 12l8.7-5M12 22V12" />
      </>
    ),
  } as const;
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5 shrink-0 text-brand-600"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {paths[type] ?? paths.file}
    </svg>
  );
}

function PencilIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
    </svg>
  );
}

function TrashIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
    </svg>
  );
}

/**
 * A list of materials: 'Download' (with the download attribute) when downloadable, 'Abrir'
 * otherwise, both in a new tab without an opener; admins also get edit and delete icons.
 */
export function MaterialList({ materials, isAdmin, emptyText }: { materials: MaterialView[]; isAdmin: boolean; emptyText: string }) {
  const { search } = useLocation();
  if (materials.length === 0) return <p className="text-sm text-slate-500">{emptyText}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {materials.map((material) => (
        <li key={material.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="material">
          <MaterialIcon type={material.iconType} />
          <div className="min-w-[10rem] flex-1">
            <p className="font-medium text-slate-900">{material.title}</p>
            {material.description ? <p className="text-sm text-slate-600">{material.description}</p> : null}
            <p className="text-xs text-slate-500">{fileTypeLabel(material.fileType)}</p>
          </div>
          {isWebUrl(material.fileUrl) ? (
            <a
              href={material.fileUrl}
              target="_blank"
              rel="noopener noreferrer"
              download={material.downloadable ? '' : undefined}
              className="btn-secondary px-3 py-1.5"
            >
              {material.downloadable ? 'Download' : 'Abrir'}
              <span className="sr-only"> {material.title} (abre em nova aba)</span>
            </a>
          ) : null}
          {isAdmin ? (
            <div className="flex gap-1">
              <LightLink
                to={editMaterialLink(search, material.id)}
                className="btn-ghost px-2 py-1.5"
                aria-label={`Editar material ${material.title}`}
                preventScrollReset
              >
                <PencilIcon />
              </LightLink>
              <ConfirmActionLink
                to={deleteMaterialLink(search, material.id)}
                message={DELETE_MATERIAL_MESSAGE}
                intent="delete-material"
                fields={{ materialId: String(material.id) }}
                className="btn-ghost px-2 py-1.5 text-red-600"
                label={`Excluir material ${material.title}`}
              >
                <TrashIcon />
              </ConfirmActionLink>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
