import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  MEDICINE_MESSAGES,
  emptyMedicineContent,
  type MedicineAdmin,
  type MedicineContent,
} from '@pharmacy/shared';
import { signInAsAdmin } from '../../../testing/admin-session';
import { callsTo } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { MedicineEditor } from './medicine-editor';

const salt = { id: 7, name: 'Paracetamol (650mg)', slug: 'paracetamol-650mg' };
const url = '/api/medicine-information/paracetamol-650mg';

const content: MedicineContent = {
  ...(emptyMedicineContent() as MedicineContent),
  summary: 'A pain reliever and fever reducer.',
  uses: ['Fever'],
  howItWorks: 'It lowers the messengers of pain and fever.',
  safety: Object.fromEntries(
    Object.entries(emptyMedicineContent().safety).map(([topic]) => [
      topic,
      { level: 'caution', advice: 'Ask your doctor.' },
    ]),
  ) as MedicineContent['safety'],
  howToTake: 'With water.',
  missedDose: 'Take it when you remember.',
  storage: 'Below 30°C.',
};

const published: MedicineAdmin = {
  salt,
  status: 'published',
  draft: null,
  published: {
    content,
    review: {
      reviewerName: 'Asha Rao',
      registrationNumber: 'KA/PH/2020/00042',
      reviewedAt: '2026-11-20T04:30:00.000Z',
    },
  },
};

describe('medicine information editor (issue 30)', { timeout: 20_000 }, () => {
  it('saves the edited sections as a draft, then publishes it with the reviewer', async () => {
    let saved: MedicineContent | undefined;
    const fetchMock = signInAsAdmin({
      [`GET ${url}`]: { body: published },
      [`PUT ${url}/draft`]: ({ body }) => {
        saved = body as MedicineContent;
        return {
          body: {
            ...published,
            status: 'draft-newer',
            draft: { content: saved, savedAt: '2026-11-28T08:00:00.000Z', savedBy: 'Asha Admin' },
            message: MEDICINE_MESSAGES.draftSaved,
          },
        };
      },
      [`POST ${url}/publish`]: () => ({
        body: {
          ...published,
          published: { ...published.published, content: saved },
          message: MEDICINE_MESSAGES.published,
        },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<MedicineEditor slug="paracetamol-650mg" />);
    const summary = await screen.findByLabelText('Summary (one or two sentences)');
    expect(screen.getByText(/Published version reviewed by Asha Rao/)).toBeTruthy();
    // Nothing to review before a draft is saved.
    expect(screen.getByRole('button', { name: 'Review and publish' })).toHaveProperty(
      'disabled',
      true,
    );

    await user.clear(summary);
    await user.type(summary, 'Relieves pain and fever.');
    await user.click(screen.getByRole('button', { name: 'Add a use' }));
    await user.type(screen.getByLabelText('Use 2'), 'Headache');
    await user.selectOptions(screen.getByLabelText('Alcohol: level'), 'unsafe');
    await user.click(screen.getByRole('button', { name: 'Add an interaction' }));
    const row = screen.getByRole('group', { name: 'Interaction 1' });
    await user.type(within(row).getByLabelText('Interacts with'), 'Warfarin');
    await user.type(within(row).getByLabelText('Effect'), 'May raise the INR.');
    await user.type(within(row).getByLabelText('Advice'), 'Tell your doctor.');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `${url}/draft`)).toHaveLength(1));
    expect(saved).toMatchObject({
      summary: 'Relieves pain and fever.',
      uses: ['Fever', 'Headache'],
      safety: { alcohol: { level: 'unsafe', advice: 'Ask your doctor.' } },
      interactions: [
        {
          with: 'Warfarin',
          severity: 'moderate',
          effect: 'May raise the INR.',
          advice: 'Tell your doctor.',
        },
      ],
    });
    expect(
      await screen.findByText(/shoppers do not see it until a pharmacist reviews it/),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Review and publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review and publish' });
    const number = within(dialog).getByLabelText('Registration number');
    await user.clear(number);
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText(MEDICINE_MESSAGES.registrationNumber)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', `${url}/publish`)).toHaveLength(0);

    await user.type(number, 'KA/PH/2021/00077');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `${url}/publish`)).toHaveLength(1));
    const [call] = callsTo(fetchMock, 'POST', `${url}/publish`);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      reviewerName: 'Asha Rao',
      registrationNumber: 'KA/PH/2021/00077',
    });
  });

  it('refuses an empty use before sending, with the shared sentence', async () => {
    const fetchMock = signInAsAdmin({
      [`GET ${url}`]: { body: { salt, status: 'none', draft: null, published: null } },
    });
    const user = userEvent.setup();
    renderWithProviders(<MedicineEditor slug="paracetamol-650mg" />);
    await user.click(await screen.findByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(MEDICINE_MESSAGES.useItem)).toBeTruthy();
    expect(screen.getByText(MEDICINE_MESSAGES.summary)).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', `${url}/draft`)).toHaveLength(0);
  });
});
