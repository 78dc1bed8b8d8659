import fs from "node:fs";
import path from "node:path";
import { DOMParser } from "@xmldom/xmldom";
import { describe, expect, it } from "vitest";
import { irmarkOf, readGatewayAnswer, withoutPassword } from "~/infra/govtalk.server";
import { CLAIM_CLASS, R68_NS, r68Submission, type R68Claim } from "~/gift-aid/services/hmrc-claim-message.server";

// The IRmark against a value HMRC published. The sample is HMRC's own "EAS sample valid against
// EAS schema version 3-2" (PAYE RTI, 2014-15, its comment kept in the file), as kept in the
// open-source library craigfrancis/hmrc-rti at lib/hmrc/samples/2014-15/EAS.xml: a whole GovTalk
// message with its IRmark (31osKokxyiSgQ3MBHwErw5OPTRU=). The IRmark is the same "generic"
// algorithm for every GovTalk class, the charities' R68 included (HMRC's IRmark specification).
// No Charities Online (R68) sample with a known IRmark could be found.
const SAMPLE = fs.readFileSync(path.join(__dirname, "../fixtures/hmrc/rti-eas-sample-2014-15.xml"), "utf8");

const claim: R68Claim = {
  charity: { name: "Community Health Aid UK", hmrcRef: "AB12345", regulator: { name: "CCEW", number: "1234567" } },
  official: { title: "Mrs", firstName: "Jane", lastName: "Official", postcode: "LS1 4AP", phone: "0113 496 0000" },
  lines: [
    {
      title: "Ms",
      firstName: "Ann",
      lastName: "Smith Jones",
      house: "Rose & Crown",
      postcode: "LS1 4AP",
      donationDate: "2026-03-05",
      amountPence: 1050,
    },
  ],
  adjustmentPence: 250,
  periodEnd: "2026-03-05",
};
const gateway = {
  senderId: "sender1",
  password: "pa<ss",
  vendorId: "1234",
  gatewayTest: true,
  timestamp: "2026-03-06T10:00:00",
};

describe("the IRmark", () => {
  it("reproduces the IRmark of HMRC's published sample exactly", () => {
    expect(SAMPLE).toContain('<IRmark Type="generic">31osKokxyiSgQ3MBHwErw5OPTRU=</IRmark>');
    expect(irmarkOf(SAMPLE)).toBe("31osKokxyiSgQ3MBHwErw5OPTRU=");
  });

  it("changes when the body changes, and not when the header does", () => {
    const tampered = SAMPLE.replace("<Fore>Alan</Fore>", "<Fore>Alun</Fore>");
    expect(irmarkOf(tampered)).not.toBe("31osKokxyiSgQ3MBHwErw5OPTRU=");
    expect(irmarkOf(SAMPLE.replace("<Value>testing1</Value>", "<Value>other</Value>"))).toBe(
      "31osKokxyiSgQ3MBHwErw5OPTRU=",
    );
  });
});

describe("the R68 submission", () => {
  it("is an HMRC-CHAR-CLM GovTalk message whose IRmark matches its body", () => {
    const { message, irmark } = r68Submission(claim, "AB12345", gateway);
    expect(irmark).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(irmarkOf(message)).toBe(irmark);
    const doc = new DOMParser().parseFromString(message, "text/xml");
    const text = (name: string) => doc.getElementsByTagNameNS("*", name)[0]?.textContent;
    expect(text("Class")).toBe(CLAIM_CLASS);
    expect(text("GatewayTest")).toBe("1");
    expect(text("SenderID")).toBe("sender1");
    expect(text("Value")).toBe("pa<ss");
    expect(doc.getElementsByTagNameNS(R68_NS, "IRenvelope")).toHaveLength(1);
    expect(doc.getElementsByTagNameNS(R68_NS, "Key")[0].getAttribute("Type")).toBe("CHARID");
    expect(text("IRmark")).toBe(irmark);
    expect(text("House")).toBe("Rose & Crown");
    expect(text("Total")).toBe("10.50");
    expect(text("Adjustment")).toBe("2.50");
    expect(text("RegName")).toBe("CCEW");
    // Kept without the password.
    const kept = withoutPassword(message, "pa<ss");
    expect(kept).not.toContain("pa&lt;ss");
    expect(kept).toContain("<Value>********</Value>");
    expect(irmarkOf(kept)).toBe(irmark);
  });
});

describe("the gateway's answers", () => {
  it("reads an acknowledgement, a response with its receipt, and errors", () => {
    const head = (qualifier: string, fn = "submit", extra = "") =>
      `<?xml version="1.0"?><GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope"><EnvelopeVersion>2.0</EnvelopeVersion><Header><MessageDetails><Class>HMRC-CHAR-CLM</Class><Qualifier>${qualifier}</Qualifier><Function>${fn}</Function><CorrelationID>C1</CorrelationID>${extra}</MessageDetails><SenderDetails/></Header>`;
    expect(
      readGatewayAnswer(
        `${head("acknowledgement", "submit", '<ResponseEndPoint PollInterval="10">https://gw/poll</ResponseEndPoint>')}<GovTalkDetails><Keys/></GovTalkDetails><Body/></GovTalkMessage>`,
      ),
    ).toEqual({ kind: "acknowledgement", correlationId: "C1", endpoint: "https://gw/poll", pollIntervalSeconds: 10 });
    expect(
      readGatewayAnswer(
        `${head("response")}<GovTalkDetails><Keys/></GovTalkDetails><Body><SuccessResponse xmlns="http://www.inlandrevenue.gov.uk/SuccessResponse"><IRmarkReceipt><Message code="0000">HMRC has received it.</Message></IRmarkReceipt><AcceptedTime>2026-03-06T10:00:00</AcceptedTime></SuccessResponse></Body></GovTalkMessage>`,
      ),
    ).toEqual({
      kind: "response",
      correlationId: "C1",
      receipt: "HMRC has received it.",
      acceptedAt: "2026-03-06T10:00:00",
    });
    const business = readGatewayAnswer(
      `${head("error")}<GovTalkDetails><Keys/><GovTalkErrors><Error><RaisedBy>Department</RaisedBy><Number>3001</Number><Type>fatal</Type><Text>business logic</Text></Error></GovTalkErrors></GovTalkDetails><Body><ErrorResponse xmlns="http://www.govtalk.gov.uk/CM/errorresponse" SchemaVersion="2.0"><Error><RaisedBy>ChRIS</RaisedBy><Number>7038</Number><Type>business</Type><Text>Invalid postcode</Text><Location>/hd:GovTalkMessage[1]/hd:Body[1]/r68:IRenvelope[1]/r68:R68[1]/r68:Claim[1]/r68:Repayment[1]/r68:GAD[1]/r68:Donor[1]/r68:Postcode[1]</Location></Error></ErrorResponse></Body></GovTalkMessage>`,
    );
    expect(business).toMatchObject({
      kind: "error",
      recoverable: false,
      errors: [{ number: "7038", type: "business", text: "Invalid postcode" }],
    });
    expect(readGatewayAnswer("not xml <")).toMatchObject({ kind: "unreadable" });
  });
});
