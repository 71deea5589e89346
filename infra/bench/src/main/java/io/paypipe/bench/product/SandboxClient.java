package io.paypipe.bench.product;

import io.paypipe.bench.load.Delivery;
import io.paypipe.core.topic.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.type.TypeReference;

/**
 * The channel sandbox's HTTP API, as the driver uses it: which direct WeChat merchants
 * there are, notifications signed with their platform keys but not pushed (the driver
 * delivers them itself), and a generated bill armed for the bill reconciliation phase.
 */
public final class SandboxClient {

    private static final int BATCH = 2000;

    /** A merchant as {@code GET /sandbox/merchants} lists it. */
    record MerchantView(String tenant, String merchantId, List<String> subMerchantIds, String appId,
            String publicKeyId) {
    }

    record SignItem(String outTradeNo, long totalFen) {
    }

    record SignRequest(String merchantId, List<SignItem> payments) {
    }

    record SignedView(String outTradeNo, String notificationId, Map<String, String> headers, String body) {
    }

    private final URI base;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public SandboxClient(URI base) {
        this.base = base;
    }

    /** Direct WeChat merchants (not the service provider): tenant and mchid. */
    public List<BenchMerchant> wechatMerchants() {
        List<MerchantView> all = Json.MAPPER.readValue(get("/sandbox/merchants"),
                new TypeReference<List<MerchantView>>() {
                });
        return all.stream()
            .filter(m -> m.publicKeyId() != null && m.subMerchantIds().isEmpty())
            .map(m -> new BenchMerchant(m.tenant(), m.merchantId()))
            .toList();
    }

    public record BenchMerchant(String tenant, String merchantId) {
    }

    /**
     * One signed TRANSACTION.SUCCESS per order, in the orders' order, each signed now.
     */
    public List<Delivery> sign(List<BenchOrder> orders) {
        Map<String, List<BenchOrder>> byMerchant = new LinkedHashMap<>();
        orders.forEach(o -> byMerchant.computeIfAbsent(o.merchantId(), m -> new ArrayList<>()).add(o));
        Map<String, Delivery> signed = new HashMap<>();
        byMerchant.forEach((merchant, own) -> {
            for (int from = 0; from < own.size(); from += BATCH) {
                List<SignItem> batch = own.subList(from, Math.min(own.size(), from + BATCH))
                    .stream()
                    .map(o -> new SignItem(o.outTradeNo(), o.amountFen()))
                    .toList();
                String response = post("/sandbox/wechatpay/notifications",
                        Json.MAPPER.writeValueAsString(new SignRequest(merchant, batch)));
                for (SignedView v : Json.MAPPER.readValue(response, new TypeReference<List<SignedView>>() {
                })) {
                    signed.put(v.outTradeNo(), new Delivery(v.outTradeNo(), v.headers(),
                            v.body().getBytes(StandardCharsets.UTF_8), false));
                }
            }
        });
        return orders.stream().map(o -> signed.get(o.outTradeNo())).toList();
    }

    record ScenarioRequest(String channel, String merchantId, String day, String scenario, long generatedLines) {
    }

    /**
     * Arms the GENERATED bill scenario ({@code POST /sandbox/bills/scenarios}): WeChat
     * Pay serves {@code lines} made-up payments as {@code merchantId}'s bill of
     * {@code day}.
     */
    public void armGeneratedWechatBill(String merchantId, java.time.LocalDate day, long lines) {
        post("/sandbox/bills/scenarios", Json.MAPPER
            .writeValueAsString(new ScenarioRequest("wechatpay", merchantId, day.toString(), "GENERATED", lines)));
    }

    private String get(String path) {
        return call(HttpRequest.newBuilder(base.resolve(path)).GET().build());
    }

    private String post(String path, String json) {
        return call(HttpRequest.newBuilder(base.resolve(path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build());
    }

    private String call(HttpRequest request) {
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() / 100 != 2) {
                throw new IllegalStateException("sandbox answered " + response.statusCode() + " to " + request.uri());
            }
            return response.body();
        }
        catch (IOException e) {
            throw new IllegalStateException("cannot reach the sandbox at " + request.uri() + ": " + e, e);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

}
