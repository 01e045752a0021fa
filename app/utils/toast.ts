/** What a toast says (section 8's titles and descriptions); shown by the root's one outlet. */
export type ToastType = 'success' | 'error' | 'info';
export type Toast = { title: string; description?: string; type?: ToastType };
