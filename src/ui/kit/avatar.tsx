import { useState } from 'react';
import { initialsOf } from '@/contract/graphemes';
import { cx } from './class-names';

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
