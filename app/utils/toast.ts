/** What a toast says (the error catalogue's titles and descriptions); shown by the root's one outlet. */
export type ToastType = 'success' | 'error' | 'info';
export type Toast = { title: string; description?: string; type?: ToastType };
