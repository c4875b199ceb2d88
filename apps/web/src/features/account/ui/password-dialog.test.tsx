import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@hqt/contract/messages';
import { PasswordDialog } from './password-dialog';

test('确认 with both fields empty marks each as required and sends nothing', async () => {
  render(<PasswordDialog open onClose={() => {}} />);
  await userEvent.click(await screen.findByRole('button', { name: /确\s*认/ }));
  // Both fields are checked, each in its own turn: wait for the second message too.
  await waitFor(() => expect(screen.getAllByText(MSG.required)).toHaveLength(2));
});
