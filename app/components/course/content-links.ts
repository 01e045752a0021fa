import { dialogLink, withParams } from '~/utils/url-state';

/**
 * The course page's URL state for content management (the specification's 'Course detail' screen): every admin
 * button is a link that keeps the page's tab and opens a dialog or a confirmation.
 *   ?dialog=lesson                  'Nova Aula'
 *   ?dialog=lesson&lesson=ID        'Editar Aula'
 *   ?dialog=material[&lesson=ID]    'Novo Material' (of that lesson, or of the whole course)
 *   ?dialog=material&material=ID    'Editar Material'
 *   ?confirm=delete-lesson&lesson=ID, ?confirm=delete-material&material=ID
 * Outside a dialog, `?lesson=ID` opens that lesson in the accordion.
 */

type Search = string | URLSearchParams;

export const DELETE_LESSON_MESSAGE = 'Tem certeza que deseja excluir esta aula? Esta ação não pode ser desfeita.';
export const DELETE_MATERIAL_MESSAGE = 'Tem certeza que deseja excluir este material? Esta ação não pode ser desfeita.';

export const addLessonLink = (search: Search) => dialogLink(search, 'lesson', { lesson: null, material: null, confirm: null });
export const editLessonLink = (search: Search, lessonId: number) =>
  dialogLink(search, 'lesson', { lesson: lessonId, material: null, confirm: null });
export const addMaterialLink = (search: Search, lessonId: number | null) =>
  dialogLink(search, 'material', { lesson: lessonId, material: null, confirm: null });
export const editMaterialLink = (search: Search, materialId: number) =>
  dialogLink(search, 'material', { material: materialId, confirm: null });
export const deleteLessonLink = (search: Search, lessonId: number) =>
  withParams(search, { confirm: 'delete-lesson', lesson: lessonId, material: null, dialog: null }) || '?';
export const deleteMaterialLink = (search: Search, materialId: number) =>
  withParams(search, { confirm: 'delete-material', material: materialId, dialog: null }) || '?';
