/**
 * The one error type the models throw: a status and a message meant for the person
 * (Portuguese on pages, the specification's message in the API), optionally tied to a field.
 */
export class AppError extends Error {
  constructor(
    public status: number,
    message: string,
    public field?: string,
    public extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
