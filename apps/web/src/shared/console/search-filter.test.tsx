import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SearchFilter } from './console-list';

/**
 * A list page's box over an address that changes later than the search (a list fetches its data
 * before the address shows the new filter): each search waits for a click on "arrive"; "back"
 * changes the address from elsewhere, as Back does.
 */
function List({ searches }: { searches: (string | undefined)[] }) {
  const [person, setPerson] = useState<string | undefined>();
  const [queued, setQueued] = useState<(string | undefined)[]>([]);
  return (
    <>
      <SearchFilter
        value={person}
        placeholder="用户名或姓名"
        onSearch={(v) => {
          searches.push(v);
          setQueued((q) => [...q, v]);
        }}
      />
      <output aria-label="address">{person ?? ''}</output>
      <button type="button" onClick={() => (setPerson(queued[0]), setQueued(queued.slice(1)))}>
        arrive
      </button>
      <button type="button" onClick={() => setPerson('张三')}>
        back
      </button>
    </>
  );
}

const box = () => screen.getByRole('searchbox', { name: '用户名或姓名' });

it('keeps what was typed while an earlier search is still on its way to the address', async () => {
  const user = userEvent.setup();
  const searches: (string | undefined)[] = [];
  render(<List searches={searches} />);
  await user.type(box(), ' admin {Enter}');
  await user.clear(box());
  await user.type(box(), 'clerk');
  await user.click(screen.getByRole('button', { name: 'arrive' }));
  expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('admin');
  expect(box()).toHaveValue('clerk');

  await user.type(box(), '{Enter}');
  await user.click(screen.getByRole('button', { name: 'arrive' }));
  expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('clerk');
  expect(box()).toHaveValue('clerk');
  expect(searches).toEqual(['admin', 'clerk']);
});

it('shows an address changed from elsewhere (Back), and an emptied box clears the filter', async () => {
  const user = userEvent.setup();
  const searches: (string | undefined)[] = [];
  render(<List searches={searches} />);
  await user.type(box(), 'admin{Enter}');
  await user.click(screen.getByRole('button', { name: 'arrive' }));
  await act(async () => screen.getByRole('button', { name: 'back' }).click());
  expect(box()).toHaveValue('张三');

  await user.clear(box());
  await user.type(box(), '   {Enter}');
  expect(searches).toEqual(['admin', undefined]);
});
