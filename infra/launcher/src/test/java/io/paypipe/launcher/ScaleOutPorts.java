package io.paypipe.launcher;

import io.paypipe.sandbox.wechatpay.SignedNotification;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * How the scale-out benchmark reaches the product: the merchant's order system (the
 * sandbox's, in the measuring JVM), ingress's WeChat Pay endpoint (as the channel: a fail
 * ack or a refused connection is sent again), and each processor's {@code /ops/consumers}
 * endpoints, whose answers are checked (a pause counts only when every listed consumer
 * reports paused).
 */
final class ScaleOutPorts {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final LocalPipeline sandbox;

    private final URI ingress;

    private final List<Integer> processorPorts = new CopyOnWriteArrayList<>();

    private final AtomicLong failAcks = new AtomicLong();

    ScaleOutPorts(LocalPipeline sandbox, int ingressPort) {
        this.sandbox = sandbox;
        this.ingress = URI.create("http://127.0.0.1:" + ingressPort + "/notify/wechatpay");
    }

    void addProcessor(int port) {
        processorPorts.add(port);
    }

    /** Answers other than 2xx, and refused connections, so far. */
    long failAcks() {
        return failAcks.get();
    }

    /** The order published, again until the broker confirms it (a broker just killed). */
    void createUntilPublished(String merchantId, String outTradeNo, long fen) throws InterruptedException {
        ClusterLoad.createUntilPublished(sandbox, merchantId, outTradeNo, fen);
    }

    /** {@code n} posted to ingress until acknowledged, as the channel resends it. */
    Void deliverUntilAcked(SignedNotification n) throws Exception {
        ClusterLoad.deliverUntilAcked(ingress, n, failAcks, Duration.ofMillis(200));
        return null;
    }

    void pauseProcessors() throws Exception {
        for (int port : processorPorts) {
            JsonNode state = post(port, "pause");
            boolean all = state.path("paused").asBoolean() && !state.path("containers").isEmpty();
            for (JsonNode container : state.path("containers")) {
                all &= container.path("paused").asBoolean();
            }
            if (!all) {
                throw new IllegalStateException("processor on " + port + " did not pause every consumer: " + state);
            }
        }
    }

    void resumeProcessors() throws Exception {
        for (int port : processorPorts) {
            JsonNode state = post(port, "resume");
            if (state.path("paused").asBoolean()) {
                throw new IllegalStateException("processor on " + port + " is still paused: " + state);
            }
        }
    }

    /**
     * As the pipeline's operator account (the processes were started with its settings).
     */
    private JsonNode post(int port, String action) throws Exception {
        URI uri = URI.create("http://127.0.0.1:" + port + "/ops/consumers/" + action + "?reason=scale-out");
        HttpResponse<String> answer = ClusterLoad.HTTP.send(HttpRequest.newBuilder(uri)
            .header("Authorization", sandbox.settings().accounts().operator().authorization())
            .header("Content-Type", "application/json")
            .timeout(Duration.ofSeconds(30))
            .POST(HttpRequest.BodyPublishers.noBody())
            .build(), HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            throw new IllegalStateException(uri + " answered " + answer.statusCode() + ": " + answer.body());
        }
        return JSON.readTree(answer.body());
    }

}
