import type { z } from 'zod';
import { PAYLOAD_DEPTH_MAX } from '@/contract/constants';
import type { MessageKey, MessageParams } from '../i18n';

/** Maps the first schema issue to a server message key and the field it concerns (spec section 5 keys). */
export function describeIssue(issue: z.core.$ZodIssue): { key: MessageKey; params: MessageParams; field: string; code: string } {
  const field = issue.path.map(String).join('.') || 'payload';
  const code = issue.message;
  const bound = (name: 'minimum' | 'maximum') => {
    const value = (issue as unknown as Record<string, unknown>)[name];
    return typeof value === 'number' || typeof value === 'bigint' ? Number(value) : '';
  };
  switch (code) {
    case 'zod.string.required':
      return { key: 'validation.required', params: { field }, field, code };
    case 'zod.string.email':
      return { key: 'validation.email', params: { field }, field, code };
    case 'zod.string.min':
      return { key: 'validation.min', params: { field, min: bound('minimum') }, field, code };
    case 'zod.string.max':
      return { key: 'validation.max', params: { field, max: bound('maximum') }, field, code };
    case 'zod.number.min':
      return { key: 'validation.numberMin', params: { field, min: bound('minimum') }, field, code };
    case 'zod.number.max':
      return { key: 'validation.numberMax', params: { field, max: bound('maximum') }, field, code };
    case 'errors.account.username':
      return { key: 'validation.username', params: { field }, field, code };
    case 'errors.email.code':
      return { key: 'validation.emailCode', params: { field }, field, code };
    case 'errors.token.invalid':
      return { key: 'validation.tokenInvalid', params: { field }, field, code };
    case 'zod.depth':
      return { key: 'validation.tooDeep', params: { field, max: PAYLOAD_DEPTH_MAX }, field, code };
    case 'zod.object.empty':
      return { key: 'validation.empty', params: { field }, field, code };
    case 'errors.kyc.underage':
      return { key: 'kyc.underage', params: {}, field, code };
    case 'errors.kyc.country':
      return { key: 'kyc.country', params: {}, field, code };
    case 'errors.kyc.documentNumber':
      return { key: 'kyc.documentNumber', params: {}, field, code };
    case 'errors.kyc.consent':
      return { key: 'kyc.consent', params: {}, field, code };
    default:
      return { key: 'validation.invalid', params: { field }, field, code: code.startsWith('zod.') || code.startsWith('errors.') ? code : 'zod.invalid' };
  }
}
