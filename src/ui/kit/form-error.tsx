import { Icon } from './icons';

/**
 * The server's answer to a submitted form (already translated), under the form. role="alert" so it is announced
 * when it appears; nothing is rendered without a message.
 */
export function FormError({ message, id }: { message?: string | null; id?: string }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert" id={id}>
      <Icon name="info" size={20} />
      <span>{message}</span>
    </p>
  );
}
