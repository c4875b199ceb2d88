import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { Providers } from './providers';

test('a two-character button label is not spaced apart: its text stays inside its accessible name (WCAG 2.5.3)', () => {
  render(
    <Providers>
      <Button aria-label="编辑电话">编辑</Button>
    </Providers>,
  );
  const button = screen.getByRole('button', { name: '编辑电话' });
  expect(button.textContent).toBe('编辑');
});
