/** The form-level error line, shown where the action was taken; nothing without a message. */
export function FormError({ message, className = '' }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={`rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-200 ${className}`}>
      {message}
    </p>
  );
}
