/**
 * The client library's KubernetesObjectApi, answering with the objects' JSON as the API server
 * sent it: its own answer is the client's models, which rename some fields (a NetworkPolicy
 * rule's `from` is `_from`), and the tests check what the server holds. Refusals are the client's
 * own ApiException. Make one with `kubeConfig.makeApiClient(JsonObjectApi)`.
 */
import { type KubernetesObject, KubernetesObjectApi, type ResponseContext } from "@kubernetes/client-node";

export class JsonObjectApi extends KubernetesObjectApi {
  protected override async processResponse<T extends KubernetesObject>(
    response: ResponseContext,
    type?: string,
  ): Promise<T> {
    if (response.httpStatusCode < 200 || response.httpStatusCode > 299) {
      return super.processResponse<T>(response, type);
    }
    return JSON.parse(await response.body.text()) as T;
  }
}
