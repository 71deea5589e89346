package io.paypipe.processor.console;

import io.paypipe.core.topic.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.stereotype.Component;
import org.springframework.util.StreamUtils;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;

/**
 * The console's calls to the services that own an action (refund-service's
 * {@code POST /refunds}, reconcile-service's {@code POST /recon/diffs/{id}/...}): their
 * existing API, signed in as the console's service account
 * ({@code processor.console.account}, the role CONSOLE there), naming the signed-in
 * person in {@value #ON_BEHALF_OF}, so the owning service records that person
 * (service-support's {@code OnBehalf}). Every answer is an {@link Answer}, never an
 * exception: a page shows it as one sentence.
 */
@Component
class OwningServices {

    static final String ON_BEHALF_OF = "X-Paypipe-On-Behalf-Of";

    private static final Logger log = LoggerFactory.getLogger(OwningServices.class);

    /** What the owning service answered. */
    sealed interface Answer {

        /** 2xx, with its JSON body. */
        record Done(int status, JsonNode body) implements Answer {
        }

        /** A 4xx or 5xx, with the service's own sentence. */
        record Refused(int status, String sentence) implements Answer {
        }

        /** No answer, or no console account to ask with. */
        record Unreachable(String sentence) implements Answer {
        }

    }

    private final ConsoleProperties console;

    private final RestClient http;

    OwningServices(ConsoleProperties console) {
        this.console = console;
        JdkClientHttpRequestFactory requests = new JdkClientHttpRequestFactory(
                HttpClient.newBuilder().connectTimeout(console.callTimeout()).build());
        requests.setReadTimeout(console.callTimeout());
        this.http = RestClient.builder().requestFactory(requests).build();
    }

    /**
     * Posts {@code body} as JSON to {@code path} of the service at {@code base} for
     * {@code person}.
     */
    Answer post(String service, URI base, String path, Map<String, Object> body, String person) {
        ConsoleProperties.Account account = console.account();
        if (!account.configured()) {
            return new Answer.Unreachable("The console has no service account to ask " + service + " with"
                    + " (processor.console.account.name, .password): nothing was sent.");
        }
        URI uri = URI.create(base.toString().replaceAll("/+$", "") + path);
        try {
            return http.post()
                .uri(uri)
                .contentType(MediaType.APPLICATION_JSON)
                .accept(MediaType.APPLICATION_JSON)
                .header("Authorization", basic(account))
                .header(ON_BEHALF_OF, person)
                .body(Json.MAPPER.writeValueAsString(body))
                .exchange((request, response) -> {
                    int status = response.getStatusCode().value();
                    String text = StreamUtils.copyToString(response.getBody(), StandardCharsets.UTF_8);
                    return answer(service, status, text);
                });
        }
        catch (ResourceAccessException e) {
            log.warn("{} at {} did not answer the console's {} for {}: {}", service, base, path, person,
                    e.getMostSpecificCause().getClass().getSimpleName());
            return new Answer.Unreachable(service + " at " + base + " does not answer: nothing was done there;"
                    + " try again when it is up.");
        }
    }

    private static Answer answer(String service, int status, String text) {
        JsonNode json = parse(text);
        if (status >= 200 && status < 300) {
            return new Answer.Done(status, json);
        }
        String sentence = json != null && json.path("error").isString() && json.path("status").isMissingNode()
                ? json.path("error").asString() : null;
        if (status == 401) {
            return new Answer.Refused(status, "the console's service account is not known there or its password"
                    + " differs (processor.console.account.*; the account with the role CONSOLE on " + service + ")");
        }
        if (status == 403 && (sentence == null || !sentence.contains("console"))) {
            return new Answer.Refused(status, "the console's service account may not act there: it needs the role"
                    + " CONSOLE on " + service + (sentence == null ? "" : " (" + sentence + ")"));
        }
        return new Answer.Refused(status, sentence != null ? sentence : service + " answered " + status);
    }

    private static JsonNode parse(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return Json.MAPPER.readTree(text);
        }
        catch (RuntimeException notJson) {
            return null;
        }
    }

    private static String basic(ConsoleProperties.Account account) {
        return "Basic " + Base64.getEncoder()
            .encodeToString((account.name() + ":" + account.password()).getBytes(StandardCharsets.UTF_8));
    }

}
