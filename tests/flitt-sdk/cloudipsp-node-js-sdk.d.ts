/** The part of Flitt's Node SDK (cloudipsp-node-js-sdk, plain JavaScript) that the tests use. */
declare module "cloudipsp-node-js-sdk" {
  type Fields = Record<string, unknown>;
  export default class CloudIpsp {
    constructor(config: {
      merchantId: number | string;
      secretKey: string;
      baseUrl?: string;
      protocol?: "1.0" | "2.0";
      contentType?: "json" | "form";
      timeout?: number;
    });
    Checkout(data: Fields): Promise<Fields>;
    PciDssOne(data: Fields): Promise<Fields>;
    PciDssTwo(data: Fields): Promise<Fields>;
    Recurring(data: Fields): Promise<Fields>;
    Status(data: Fields): Promise<Fields>;
    Reverse(data: Fields): Promise<Fields>;
    isValidResponse(data: Fields): boolean;
  }
}
