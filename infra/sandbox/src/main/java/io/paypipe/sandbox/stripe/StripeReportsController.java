package io.paypipe.sandbox.stripe;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * Stripe's Reports API under the sandbox's Stripe API base (stripe-java's
 * {@code StripeClient} with its API base set to {@code http://<sandbox>/sandbox/stripe}):
 * {@code POST /v1/reporting/report_runs} (form), {@code GET
 * /v1/reporting/report_runs/{id}}, and the contents of a run's file at {@code GET
 * /v1/files/{id}/contents} (Stripe serves them from {@code files.stripe.com}; here they
 * are under the same base, which the run's {@code result.url} names). A file's contents
 * are written to the response as they are made, with their exact {@code Content-Length}:
 * a million-line report is never held.
 */
@RestController
@RequestMapping("/sandbox/stripe/v1")
class StripeReportsController {

    private final StripeReportApi api;

    StripeReportsController(StripeReportApi api) {
        this.api = api;
    }

    @PostMapping("/reporting/report_runs")
    ResponseEntity<String> create(@RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) String auth,
            HttpServletRequest request) {
        return answer(api.create(auth, new LinkedHashMap<>(request.getParameterMap()), apiBase()));
    }

    @GetMapping("/reporting/report_runs/{id}")
    ResponseEntity<String> retrieve(@RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) String auth,
            @PathVariable("id") String id) {
        return answer(api.retrieve(auth, id, apiBase()));
    }

    @GetMapping("/files/{id}/contents")
    void contents(@RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) String auth,
            @PathVariable("id") String id, HttpServletResponse response) throws IOException {
        response.setHeader("Request-Id", StripeIds.request());
        switch (api.contents(auth, id)) {
            case StripeReportApi.Contents.Refused refused -> {
                byte[] body = refused.answer().body().getBytes(StandardCharsets.UTF_8);
                response.setStatus(refused.answer().status());
                response.setContentType(MediaType.APPLICATION_JSON_VALUE);
                response.setContentLength(body.length);
                response.getOutputStream().write(body);
            }
            case StripeReportApi.Contents.Served served -> {
                StripeReportFile.Download download = served.download();
                response.setStatus(200);
                response.setContentType(download.contentType());
                response.setContentLengthLong(download.length());
                try (OutputStream out = new BufferedOutputStream(response.getOutputStream(), 64 * 1024)) {
                    download.body().writeTo(out);
                }
            }
        }
    }

    private static ResponseEntity<String> answer(StripeApiResponse response) {
        return ResponseEntity.status(response.status())
            .contentType(MediaType.APPLICATION_JSON)
            .header("Request-Id", StripeIds.request())
            .header("Stripe-Version", StripeEvents.API_VERSION)
            .body(response.body());
    }

    /** This sandbox's Stripe API base as the caller reached it. */
    private static String apiBase() {
        return ServletUriComponentsBuilder.fromCurrentContextPath().path("/sandbox/stripe").toUriString();
    }

}
