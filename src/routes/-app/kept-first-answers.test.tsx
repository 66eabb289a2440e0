import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { HOME_CALLS } from '@/contract/first-paint';
import { setFirstData } from '@/services/first-data';
import { KeepFirstAnswers, useFirstAnswer } from './kept-first-answers';

/**
 * A part of a server-rendered page that hydrates late (the home sections) keeps the page's answers: a navigation
 * started meanwhile forgets them for every other render, and the part must still render what the server rendered.
 * React renders a parent before its children, so "forgetting" between the two stands for a navigation that began
 * before the part's chunk arrived.
 */
const HOT = { list: [{ id: 7, name: 'Taipei' }] };

function Forget() {
  setFirstData(null);
  return null;
}

function Reader({ label }: { label: string }) {
  const answer = useFirstAnswer(HOME_CALLS.hot);
  return <p>{`${label}: ${answer === undefined ? 'none' : answer === (HOT as unknown) ? 'the page’s answer' : 'another answer'}`}</p>;
}

describe('KeepFirstAnswers', () => {
  afterEach(() => setFirstData(null));

  it('a part inside reads the answers the page had when it first rendered, after the page forgot them', () => {
    setFirstData({ 'city/hot {}': HOT });
    const html = renderToStaticMarkup(
      <>
        <KeepFirstAnswers scope="en">
          <Forget />
          <Reader label="kept" />
        </KeepFirstAnswers>
        <Reader label="page" />
      </>,
    );
    expect(html).toBe('<p>kept: the page’s answer</p><p>page: none</p>');
  });

  it('a part first rendered after the page forgot its answers has none (a later visit asks the API)', () => {
    setFirstData(null);
    const html = renderToStaticMarkup(
      <KeepFirstAnswers scope="en">
        <Reader label="kept" />
      </KeepFirstAnswers>,
    );
    expect(html).toBe('<p>kept: none</p>');
  });

  it('outside it, a part reads the page’s answers while the page has them', () => {
    setFirstData({ 'city/hot {}': HOT });
    expect(renderToStaticMarkup(<Reader label="page" />)).toBe('<p>page: the page’s answer</p>');
  });

  it('a call the page was not rendered with has no answer, kept or not', () => {
    setFirstData({ 'city/lang {}': { cities: [] } });
    const html = renderToStaticMarkup(
      <KeepFirstAnswers scope="en">
        <Reader label="kept" />
      </KeepFirstAnswers>,
    );
    expect(html).toBe('<p>kept: none</p>');
  });
});
