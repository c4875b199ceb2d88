import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@hqt/contract/messages';
import { PasswordDialog } from './password-dialog';

test('确认 with both fields empty marks each as required and sends nothing', async () => {
  render(<PasswordDialog open onClose={() => {}} />);
  await userEvent.click(await screen.findByRole('button', { name: /确\s*认/ }));
  expect(await screen.findAllByText(MSG.required)).toHaveLength(2);
});
