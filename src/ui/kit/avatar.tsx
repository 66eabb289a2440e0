import { useState } from 'react';
import { cx } from './class-names';

/** Up to two initials of a name: the first letters of its first two words, or its first letter (any script). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = (word: string) => Array.from(word)[0] ?? '';
  const initials = words.length > 1 ? first(words[0]) + first(words[1]) : first(words[0]);
  return initials.toLocaleUpperCase();
}

export interface AvatarProps {
  /** The picture; empty or failing to load shows the initials. */
  src?: string | null;
  /** The person's name, for the initials. The avatar itself is decorative: the name is shown beside it. */
  name: string;
  size?: 'md' | 'lg';
}

/** A round profile picture with an initials fallback; its box is reserved so nothing shifts when it loads. */
export function Avatar({ src, name, size = 'md' }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = Boolean(src) && failed !== src;
  return (
    <span className={cx('avatar', `avatar--${size}`)} aria-hidden="true">
      {showImage ? (
        <img src={src ?? undefined} alt="" decoding="async" onError={() => setFailed(src ?? null)} />
      ) : (
        <span className="avatar-initials">{initialsOf(name)}</span>
      )}
    </span>
  );
}
