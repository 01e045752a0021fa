import { useNavigation } from '@remix-run/react';
import { StaticMarkup } from '~/components/static-markup';
import { LightLink } from '~/components/ui/light-link';
import { Cell, ListCount, ListTable } from '~/components/ui/list-table';
import { Pagination } from '~/components/ui/pagination';
import type { TrainingRecordItem } from '~/models/assessments/training-record.server';
import { attemptsText, completionText, progressPercent, progressText, TRAINING_RECORD_EMPTY } from '~/utils/training-record-lines';

const HEADERS = ['Curso', 'Progresso', 'Avaliação final', 'Conclusão', 'Certificado'] as const;

/**
 * A course's cells: they depend only on the item (its links are absolute paths), so the server renders each
 * row once per process until the item changes (`StaticMarkup`, decision 079): a page of 20 rows is about
 * 220 elements.
 */
const rowCells = (item: TrainingRecordItem) => (
  <>
    <Cell className="font-medium">
      {item.linkable ? (
        <LightLink to={`/courses/${item.courseId}`} className="text-brand-700 hover:underline">
          {item.courseTitle}
        </LightLink>
      ) : (
        item.courseTitle
      )}
    </Cell>
    <Cell>
      <div>
        <span className="block">{progressText(item)}</span>
        <progress
          className="mt-1 h-2 w-24 max-w-full"
          max={100}
          value={progressPercent(item)}
          aria-label={`Progresso em ${item.courseTitle}: ${progressPercent(item)} %`}
        />
      </div>
    </Cell>
    <Cell>{attemptsText(item)}</Cell>
    <Cell>{completionText(item)}</Cell>
    <Cell>
      {item.certificateCode ? (
        <LightLink to={`/certificados/${item.certificateCode}`} className="text-brand-700 hover:underline">
          Ver certificado
        </LightLink>
      ) : (
        'Não emitido'
      )}
    </Cell>
  </>
);

export const TrainingRecordRow = ({ item }: { item: TrainingRecordItem }) => (
  <StaticMarkup as="tr" markupKey={`training-record:${JSON.stringify(item)}`} content={() => rowCells(item)} />
);

/** 'Formação': one row per course of the record; the page's list is the server's page (`?page=`). */
export function TrainingRecordList({
  items,
  total,
  page,
  pageCount,
}: {
  items: TrainingRecordItem[];
  total: number;
  page: number;
  pageCount: number;
}) {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/account/formacao';
  return (
    <div aria-busy={loading || undefined} className={loading ? 'opacity-60 transition-opacity' : undefined}>
      {total > 0 ? <ListCount total={total} one="curso" many="cursos" /> : null}
      <ListTable label="Cursos da sua formação" headers={HEADERS} empty={TRAINING_RECORD_EMPTY} count={items.length}>
        {items.map((item) => (
          <TrainingRecordRow key={item.courseId} item={item} />
        ))}
      </ListTable>
      <Pagination page={page} pageCount={pageCount} />
    </div>
  );
}
