import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ChangeEvent } from 'react';
import { NICKNAME_MAX } from '@/contract/constants';
import { Avatar } from '../kit/avatar';
import { Button } from '../kit/button';
import { cx } from '../kit/class-names';
import { FormError } from '../kit/form-error';
import { submitHandler } from '../kit/form-props';
import { Icon } from '../kit/icons';
import { AppLink } from '../kit/link';
import { TextField } from '../kit/text-field';

export interface AccountSettingsProps {
  /** The nickname field's value. */
  nickname: string;
  /** The nickname field's error (already translated). */
  nicknameError?: string;
  /** The save request runs. */
  nicknameBusy: boolean;
  onNicknameChange(value: string): void;
  onNicknameFocus?(): void;
  onNicknameSave(): void;
  /** The server's error for the nickname form (already translated). */
  serverError?: string;

  /** The current picture, if any. */
  avatarUrl?: string | null;
  /** The name the initials fallback is made from. */
  avatarName: string;
  /** Upload progress 0–100 while a picture uploads; null or undefined otherwise. */
  avatarProgress?: number | null;
  /** Why the last upload failed (already translated). */
  avatarError?: string;
  onAvatarSelect(file: File): void;

  email: string;
  emailVerified: boolean;
  changeEmailHref: string;
  verifyEmailHref: string;
  changePasswordHref: string;
}

/** Account settings (route /member/setup): picture, nickname, and the e-mail and password entries. */
export function AccountSettings({
  nickname,
  nicknameError,
  nicknameBusy,
  onNicknameChange,
  onNicknameFocus,
  onNicknameSave,
  serverError,
  avatarUrl,
  avatarName,
  avatarProgress,
  avatarError,
  onAvatarSelect,
  email,
  emailVerified,
  changeEmailHref,
  verifyEmailHref,
  changePasswordHref,
}: AccountSettingsProps) {
  const { t, i18n } = useLingui();
  const photoHeadingId = useId();
  const profileHeadingId = useId();
  const securityHeadingId = useId();
  const uploading = avatarProgress !== null && avatarProgress !== undefined;
  const progress = uploading ? Math.min(100, Math.max(0, Math.round(avatarProgress))) : 0;
  const percent = i18n.number(progress / 100, { style: 'percent' });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again (after an error) still fires change.
    event.target.value = '';
    if (file) onAvatarSelect(file);
  };

  return (
    <div className="settings">
      <section className="settings-section" aria-labelledby={photoHeadingId}>
        <h2 className="settings-heading" id={photoHeadingId}>
          <Trans>Profile picture</Trans>
        </h2>
        <div className="avatar-editor">
          <Avatar src={avatarUrl} name={avatarName} size="lg" />
          <div className="avatar-editor-actions">
            <label className={cx('button', 'button--secondary', 'file-button', uploading && 'is-disabled')}>
              <Icon name="camera" size={20} />
              <span>
                <Trans>Change picture</Trans>
              </span>
              <input
                className="visually-hidden"
                type="file"
                accept="image/*"
                disabled={uploading}
                aria-describedby={avatarError ? `${photoHeadingId}-error` : undefined}
                onChange={onFile}
              />
            </label>
            {uploading ? (
              <div className="upload-progress">
                <progress max={100} value={progress} aria-label={t`Uploading picture`} />
                <span aria-hidden="true">{percent}</span>
              </div>
            ) : null}
            {avatarError ? (
              <p className="field-error" id={`${photoHeadingId}-error`} role="alert">
                <Icon name="info" size={18} />
                <span>{avatarError}</span>
              </p>
            ) : null}
          </div>
        </div>
      </section>

      <section className="settings-section" aria-labelledby={profileHeadingId}>
        <h2 className="settings-heading" id={profileHeadingId}>
          <Trans>Profile</Trans>
        </h2>
        <form className="form" noValidate onSubmit={submitHandler(nicknameBusy, onNicknameSave)}>
          <TextField
            label={t`Nickname`}
            name="nickname"
            value={nickname}
            autoComplete="nickname"
            maxLength={NICKNAME_MAX}
            required
            hint={<Trans>Shown to other people instead of your user name.</Trans>}
            error={nicknameError}
            onChange={onNicknameChange}
            onFocus={onNicknameFocus}
          />
          <Button type="submit" busy={nicknameBusy}>
            <Trans>Save nickname</Trans>
          </Button>
          <FormError message={serverError} />
        </form>
      </section>

      <section className="settings-section" aria-labelledby={securityHeadingId}>
        <h2 className="settings-heading" id={securityHeadingId}>
          <Trans>E-mail and password</Trans>
        </h2>
        <p className="settings-email">
          <bdi className="profile-email">{email}</bdi>{' '}
          {emailVerified ? (
            <span className="badge badge--success">
              <Trans>Verified</Trans>
            </span>
          ) : (
            <span className="badge badge--warning">
              <Trans>Not verified</Trans>
            </span>
          )}
        </p>
        <ul className="menu-list">
          {emailVerified ? null : (
            <li>
              <AppLink className="menu-item" href={verifyEmailHref}>
                <Icon name="shieldCheck" className="menu-item-icon" />
                <span className="menu-item-label">
                  <Trans>Verify your e-mail</Trans>
                </span>
                <Icon name="chevronEnd" size={20} className="menu-item-chevron" />
              </AppLink>
            </li>
          )}
          <li>
            <AppLink className="menu-item" href={changeEmailHref}>
              <Icon name="mail" className="menu-item-icon" />
              <span className="menu-item-label">
                <Trans>Change e-mail address</Trans>
              </span>
              <Icon name="chevronEnd" size={20} className="menu-item-chevron" />
            </AppLink>
          </li>
          <li>
            <AppLink className="menu-item" href={changePasswordHref}>
              <Icon name="lock" className="menu-item-icon" />
              <span className="menu-item-label">
                <Trans>Change password</Trans>
              </span>
              <Icon name="chevronEnd" size={20} className="menu-item-chevron" />
            </AppLink>
          </li>
        </ul>
      </section>
    </div>
  );
}
