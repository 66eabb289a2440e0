/**
 * The name other members see of an account: the nickname the member chose, or '' while it is still the login name
 * given at registration (the login name is half of the login and is never shown to others; the client then shows a
 * neutral "Member").
 */
export function chosenNickname(user: { username: string; nickname: string }): string {
  const sameAsLogin = user.nickname.normalize('NFKC').toLowerCase() === user.username.normalize('NFKC').toLowerCase();
  return sameAsLogin ? '' : user.nickname;
}
