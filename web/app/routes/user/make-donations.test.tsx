import { mailingChoiceWording } from "@ministry/shared";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { GraphqlResult } from "../../lib/graphql";
import {
  answerGraphql,
  fieldError,
  signIn,
  type SentOperation,
} from "../../../test/doubles";
import type { MailingList } from "../../lib/mailing-choices";
import MakeDonations from "./make-donations";

/** The public lists the form reads as it opens are answered here, and left out of what the tests look at. */
const LISTS_READ = "PublicMailingLists";

function renderDonationForm(
  reply: GraphqlResult<unknown>,
  lists: MailingList[] = [],
) {
  signIn();
  const sent: SentOperation[] = [];
  answerGraphql((operation) => {
    if (operationName(operation.query) === LISTS_READ)
      return { data: { allMailingLists: lists } };
    sent.push(operation);
    return reply;
  });
  const Stub = createRoutesStub([
    { path: "/user/make-donations", Component: MakeDonations },
  ]);
  render(<Stub initialEntries={["/user/make-donations"]} />);
  return { user: userEvent.setup(), sent };
}

const amount = () => screen.getByRole("spinbutton", { name: /Amount/ });
const errorSummary = () =>
  screen.getByRole("alert", { name: "There is a problem" });

const operationName = (query: string) =>
  query.match(/(?:query|mutation) (\w+)/)?.[1];

describe("the donation form", () => {
  it("asks for an amount before anything is sent", async () => {
    const { user, sent } = renderDonationForm({ data: null });
    await user.click(
      screen.getByRole("button", { name: "Donate with PayPal" }),
    );

    expect(
      await screen.findByRole("link", {
        name: "Please enter the amount you would like to give",
      }),
    ).toBeTruthy();
    expect(amount().getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(errorSummary()));
    expect(sent).toEqual([]);
  });

  it("shows why the server refused the amount beside the field, and lets the member try again", async () => {
    const { user, sent } = renderDonationForm({
      errors: [fieldError("amount", "An amount has at most two decimals")],
    });
    await user.type(amount(), "10.555");
    await user.selectOptions(
      screen.getByRole("combobox", { name: "Currency" }),
      "USD",
    );
    await user.type(
      screen.getByRole("textbox", { name: /What is your gift for/ }),
      " Building fund ",
    );
    await user.click(
      screen.getByRole("button", { name: "Donate with PayPal" }),
    );

    expect(
      await screen.findByRole("link", {
        name: "An amount has at most two decimals",
      }),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(errorSummary()));
    expect(sent.map((operation) => operation.variables)).toEqual([
      { amount: 10.555, currency: "USD", description: "Building fund" },
    ]);
    expect(sent[0].token).toBe("member-token");
    expect(
      screen.getByRole<HTMLButtonElement>("button", {
        name: "Donate with PayPal",
      }).disabled,
    ).toBe(false);
  });
});

describe("e-mails from us, offered with a gift", () => {
  const LISTS: MailingList[] = [
    {
      id: "3",
      name: "Church news",
      description: "Once a month",
      basis: "Consent",
    },
    {
      id: "4",
      name: "Supporter updates",
      description: "",
      basis: "CharitableSoftOptIn",
    },
  ];

  it("offers each public list unticked in its own words, and sends a choice for every list shown with the gift", async () => {
    const { user, sent } = renderDonationForm(
      { errors: [fieldError("amount", "stopped here")] },
      LISTS,
    );
    const news = await screen.findByRole<HTMLInputElement>("checkbox", {
      name: mailingChoiceWording(LISTS[0]),
    });
    const updates = screen.getByRole<HTMLInputElement>("checkbox", {
      name: mailingChoiceWording(LISTS[1]),
    });
    expect([news.checked, updates.checked]).toEqual([false, false]);
    await user.type(amount(), "10");
    await user.click(news);
    await user.click(
      screen.getByRole("button", { name: "Donate with PayPal" }),
    );

    expect(
      await screen.findByRole("link", { name: "stopped here" }),
    ).toBeTruthy();
    expect(sent[0].variables.mailingChoices).toEqual([
      { listId: "3", ticked: true },
      { listId: "4", ticked: false },
    ]);
  });

  it("offers the same boxes with a monthly gift, and sends the choices with its set-up", async () => {
    const { user, sent } = renderDonationForm(
      { errors: [fieldError("amount", "stopped here")] },
      LISTS,
    );
    await screen.findByRole("checkbox", {
      name: mailingChoiceWording(LISTS[0]),
    });
    await user.click(screen.getByRole("radio", { name: "Give monthly" }));
    await user.click(
      screen.getByRole("checkbox", { name: mailingChoiceWording(LISTS[1]) }),
    );
    await user.type(
      screen.getByRole("spinbutton", { name: /Amount each month/ }),
      "5",
    );
    await user.click(
      screen.getByRole("button", { name: "Give monthly with PayPal" }),
    );

    expect(
      await screen.findByRole("link", { name: "stopped here" }),
    ).toBeTruthy();
    expect(sent[0].query).toMatch(/mutation CreateRegularDonation/);
    expect(sent[0].variables.mailingChoices).toEqual([
      { listId: "3", ticked: false },
      { listId: "4", ticked: true },
    ]);
  });
});

describe("giving monthly", () => {
  it("sets up a monthly gift with the amount and currency only", async () => {
    const { user, sent } = renderDonationForm({
      errors: [fieldError("amount", "amount must be more than 0")],
    });
    await user.click(screen.getByRole("radio", { name: "Give monthly" }));
    expect(
      screen.queryByRole("textbox", { name: /What is your gift for/ }),
    ).toBeNull();
    await user.type(
      screen.getByRole("spinbutton", { name: /Amount each month/ }),
      "25",
    );
    await user.selectOptions(
      screen.getByRole("combobox", { name: "Currency" }),
      "USD",
    );
    await user.click(
      screen.getByRole("button", { name: "Give monthly with PayPal" }),
    );

    expect(
      await screen.findByRole("link", { name: "amount must be more than 0" }),
    ).toBeTruthy();
    expect(
      sent.map((operation) => operation.query.match(/mutation (\w+)/)?.[1]),
    ).toEqual(["CreateRegularDonation"]);
    expect(sent[0].variables).toEqual({ amount: 25, currency: "USD" });
  });
});

describe("Gift Aid on a gift", () => {
  const WORDING =
    "I want to Gift Aid my donation of £10.00 and any donations I make in the future or have made in the past 4 years to Grace Church.";
  const FORM = {
    wording: WORDING,
    notice: "Please tell us if you want to cancel.",
    title: "Sister",
    firstName: "Priscilla",
    lastName: "Aquila",
    houseNameOrNumber: "1",
    postcode: null,
    livesAbroad: false,
    cancelledOn: null,
    coverSinceCancellationFrom: null,
  };

  function renderWithGiftAid(form: Record<string, unknown> = FORM) {
    signIn();
    const sent: SentOperation[] = [];
    answerGraphql((operation) => {
      if (operationName(operation.query) === LISTS_READ)
        return { data: { allMailingLists: [] } };
      sent.push(operation);
      switch (operationName(operation.query)) {
        case "GiftAidDeclarationForm":
          return {
            data: {
              giftAidDeclarationForm: operation.variables?.effectiveFrom
                ? {
                    ...form,
                    wording: `${WORDING} (since ${operation.variables.effectiveFrom as string})`,
                  }
                : form,
            },
          };
        default:
          return operation.variables.amount === 99
            ? {
                errors: [
                  fieldError(
                    "giftAidDeclaration.postcode",
                    "postcode is not a UK postcode",
                  ),
                ],
              }
            : { errors: [fieldError("amount", "stopped here")] };
      }
    });
    const Stub = createRoutesStub([
      { path: "/user/make-donations", Component: MakeDonations },
    ]);
    render(<Stub initialEntries={["/user/make-donations"]} />);
    return { user: userEvent.setup(), sent };
  }

  it("shows a problem the server found in the declaration beside its field, in a summary that leads to it", async () => {
    const { user } = renderWithGiftAid();
    await user.type(amount(), "99");
    await user.click(
      screen.getByRole("checkbox", { name: "Add Gift Aid (+25%)" }),
    );
    const postcode = await screen.findByRole("textbox", { name: /Postcode/ });
    await user.type(postcode, "nowhere");
    await user.click(
      screen.getByRole("button", { name: "Donate with PayPal" }),
    );

    expect(
      await screen.findByRole("link", {
        name: "postcode is not a UK postcode",
      }),
    ).toBeTruthy();
    expect(postcode.getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(errorSummary()));
    await user.click(
      screen.getByRole("link", { name: "postcode is not a UK postcode" }),
    );
    expect(document.activeElement).toBe(postcode);
  });

  it("starts unticked, then shows the server's declaration and the member's details", async () => {
    const { user, sent } = renderWithGiftAid();
    const box = screen.getByRole<HTMLInputElement>("checkbox", {
      name: "Add Gift Aid (+25%)",
    });
    expect(box.checked).toBe(false);
    expect(sent).toEqual([]);
    await user.type(amount(), "10");
    await user.click(box);

    expect(await screen.findByText(WORDING)).toBeTruthy();
    expect(
      screen.getByRole<HTMLInputElement>("textbox", { name: /First name/ })
        .value,
    ).toBe("Priscilla");
    expect(sent.at(-1)!.variables).toEqual({
      scope: "Enduring",
      amount: 10,
      currency: "GBP",
    });
    await user.click(
      screen.getByRole("checkbox", { name: /UK taxpayer living abroad/ }),
    );
    expect(screen.queryByRole("textbox", { name: /Postcode/ })).toBeNull();
    expect(
      screen.getByRole("textbox", { name: /Your home address/ }),
    ).toBeTruthy();
  });

  it("asks what the declaration covers as a question with one label per choice, and names the autofill purpose of each field", async () => {
    const { user } = renderWithGiftAid();
    await user.type(amount(), "10");
    const box = screen.getByRole<HTMLInputElement>("checkbox", {
      name: "Add Gift Aid (+25%)",
    });
    expect(box.labels).toHaveLength(1);
    expect(box.closest("fieldset")!.querySelector("legend")!.textContent).toBe(
      "Gift Aid",
    );
    await user.click(box);

    const question = await screen.findByRole("group", {
      name: "What should your Gift Aid declaration cover?",
    });
    expect(question.tagName).toBe("FIELDSET");
    const choices = within(question).getAllByRole<HTMLInputElement>("radio");
    expect(
      choices.map((choice) => [
        choice.labels!.length,
        choice.labels![0].textContent,
      ]),
    ).toEqual([
      [1, "This gift, my future gifts and those of the past 4 years"],
      [1, "This gift only"],
    ]);
    const autocomplete = (name: RegExp) =>
      screen.getByRole("textbox", { name }).getAttribute("autocomplete");
    expect([
      autocomplete(/Title/),
      autocomplete(/First name/),
      autocomplete(/Last name/),
      autocomplete(/House name or number/),
      autocomplete(/Postcode/),
    ]).toEqual([
      "honorific-prefix",
      "given-name",
      "family-name",
      "address-line1",
      "postal-code",
    ]);
    expect(
      screen.getByRole<HTMLInputElement>("checkbox", {
        name: /UK taxpayer living abroad/,
      }).labels,
    ).toHaveLength(1);
    expect(
      screen.queryByRole("group", { name: /since you cancelled/ }),
    ).toBeNull();
  });

  it("sends the declaration with the gift, in one request", async () => {
    const { user, sent } = renderWithGiftAid();
    await user.type(amount(), "10");
    await user.click(
      screen.getByRole("checkbox", { name: "Add Gift Aid (+25%)" }),
    );
    await user.type(
      await screen.findByRole("textbox", { name: /Postcode/ }),
      "sw1a 1aa",
    );
    await user.click(
      screen.getByRole("button", { name: "Donate with PayPal" }),
    );

    expect(
      await screen.findByRole("link", { name: "stopped here" }),
    ).toBeTruthy();
    const writes = sent.filter((operation) =>
      operation.query.startsWith("mutation"),
    );
    expect(writes.map((operation) => operationName(operation.query))).toEqual([
      "CreateDonation",
    ]);
    expect(writes[0].variables).toEqual({
      amount: 10,
      currency: "GBP",
      description: "",
      giftAidDeclaration: {
        scope: "Enduring",
        title: "Sister",
        firstName: "Priscilla",
        lastName: "Aquila",
        houseNameOrNumber: "1",
        postcode: "sw1a 1aa",
        livesAbroad: false,
      },
    });
  });

  it("asks a donor who cancelled whether they paid tax since, and covers the gap only when they did", async () => {
    const cancelled = {
      ...FORM,
      cancelledOn: "2026-01-10",
      coverSinceCancellationFrom: "2026-01-11",
    };
    const { user, sent } = renderWithGiftAid(cancelled);
    await user.type(amount(), "10");
    await user.click(
      screen.getByRole("checkbox", { name: "Add Gift Aid (+25%)" }),
    );

    const question = await screen.findByRole("group", {
      name: /^Did you pay UK Income Tax or Capital Gains Tax for all of the time since you cancelled your last declaration on 10 January 2026\?$/,
    });
    expect(
      within(question).getByRole<HTMLInputElement>("radio", {
        name: "No, or I am not sure",
      }).checked,
    ).toBe(true);
    await user.type(
      screen.getByRole("textbox", { name: /Postcode/ }),
      "M1 1AE",
    );
    await user.click(within(question).getByRole("radio", { name: "Yes" }));
    expect(
      await screen.findByText(`${WORDING} (since 2026-01-11)`),
    ).toBeTruthy();
    await user.click(
      screen.getByRole("button", { name: "Donate with PayPal" }),
    );

    expect(
      await screen.findByRole("link", { name: "stopped here" }),
    ).toBeTruthy();
    const gift = sent.find(
      (operation) => operationName(operation.query) === "CreateDonation",
    )!;
    expect(gift.variables.giftAidDeclaration).toMatchObject({
      scope: "Enduring",
      effectiveFrom: "2026-01-11",
    });
  });

  it("sends a monthly gift's enduring declaration with it, and shows a refusal beside its field", async () => {
    const { user, sent } = renderWithGiftAid();
    await user.click(screen.getByRole("radio", { name: "Give monthly" }));
    await user.type(
      screen.getByRole("spinbutton", { name: /Amount each month/ }),
      "10",
    );
    await user.click(
      screen.getByRole("checkbox", { name: "Add Gift Aid (+25%)" }),
    );
    expect(
      screen.queryByRole("group", {
        name: "What should your Gift Aid declaration cover?",
      }),
    ).toBeNull();
    await user.type(
      await screen.findByRole("textbox", { name: /Postcode/ }),
      "nowhere",
    );
    await user.click(
      screen.getByRole("button", { name: "Give monthly with PayPal" }),
    );

    expect(
      await screen.findByRole("link", { name: "stopped here" }),
    ).toBeTruthy();
    const writes = sent.filter((operation) =>
      operation.query.startsWith("mutation"),
    );
    expect(writes.map((operation) => operationName(operation.query))).toEqual([
      "CreateRegularDonation",
    ]);
    expect(writes[0].variables).toEqual({
      amount: 10,
      currency: "GBP",
      giftAidDeclaration: {
        scope: "Enduring",
        title: "Sister",
        firstName: "Priscilla",
        lastName: "Aquila",
        houseNameOrNumber: "1",
        postcode: "nowhere",
        livesAbroad: false,
      },
    });
  });
});
