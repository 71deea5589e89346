package io.paypipe.sandbox.query;

import static io.paypipe.sandbox.web.SandboxRequests.require;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.query.ChannelCall.Operation;
import io.paypipe.sandbox.web.UnavailableOnIllegalState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The sandbox's handles on the channels' order APIs, per channel
 * ({@code /sandbox/wechatpay}, {@code /sandbox/alipay}, {@code /sandbox/stripe}): an
 * order's callback and close scenarios, faults of the order API, the order as the channel
 * holds it (its state, misfiled under another merchant), and every query and close call
 * received. Merchants are named as the order key names them (mchid or sub_mchid, app id,
 * account).
 */
@RestController
@RequestMapping("/sandbox/{channel}")
@UnavailableOnIllegalState
class OrderQueryScenariosController {

    private final CallbackScenarios callbacks;

    private final CloseScenarios closes;

    private final QueryFaults faults;

    private final ChannelCalls calls;

    private final ChannelOrderBooks books;

    OrderQueryScenariosController(CallbackScenarios callbacks, CloseScenarios closes, QueryFaults faults,
            ChannelCalls calls, ChannelOrderBooks books) {
        this.callbacks = callbacks;
        this.closes = closes;
        this.faults = faults;
        this.calls = calls;
        this.books = books;
    }

    record CallbackScenarioRequest(String merchantId, String outTradeNo, CallbackScenario scenario) {
    }

    record OrderRequest(String merchantId, String outTradeNo) {
    }

    record CloseScenarioRequest(String merchantId, String outTradeNo, CloseScenario scenario) {
    }

    /**
     * {@code calls} or {@code duration} (ISO-8601, e.g. {@code PT30S}); operations
     * default to QUERY.
     */
    record FaultRequest(QueryFault fault, Integer calls, Duration duration, Set<Operation> operations,
            String merchantId) {
    }

    record StateRequest(String state) {
    }

    record MisfileRequest(String toMerchantId) {
    }

    /** 201; from now on the order's payment notifications are dropped or held. */
    @PostMapping("/callback-scenarios")
    ResponseEntity<CallbackScenarioRequest> callbackScenario(@PathVariable("channel") String channel,
            @RequestBody CallbackScenarioRequest request) {
        require(request.scenario() != null, "scenario is required");
        callbacks.choose(order(channel, request.merchantId(), request.outTradeNo()), request.scenario());
        return ResponseEntity.status(HttpStatus.CREATED).body(request);
    }

    /** Pushes the order's held notifications now; how many. */
    @PostMapping("/callback-scenarios/release")
    Map<String, Integer> release(@PathVariable("channel") String channel, @RequestBody OrderRequest request) {
        return Map.of("released", callbacks.release(order(channel, request.merchantId(), request.outTradeNo())));
    }

    /** What became of the order's payment notifications; 404 without a scenario. */
    @GetMapping("/callback-scenarios/{merchantId}/{outTradeNo}")
    CallbackScenarios.Status callbackStatus(@PathVariable("channel") String channel,
            @PathVariable("merchantId") String merchantId, @PathVariable("outTradeNo") String outTradeNo) {
        return callbacks.status(order(channel, merchantId, outTradeNo))
            .orElseThrow(() -> new NoSuchElementException("no callback scenario for " + outTradeNo));
    }

    /** 201; the order's next close call meets the scenario. */
    @PostMapping("/close-scenarios")
    ResponseEntity<CloseScenarioRequest> closeScenario(@PathVariable("channel") String channel,
            @RequestBody CloseScenarioRequest request) {
        require(request.scenario() != null, "scenario is required");
        closes.choose(order(channel, request.merchantId(), request.outTradeNo()), request.scenario());
        return ResponseEntity.status(HttpStatus.CREATED).body(request);
    }

    /** 201 with the armed fault. */
    @PostMapping("/query-faults")
    ResponseEntity<QueryFaults.Armed> fault(@PathVariable("channel") String channel,
            @RequestBody FaultRequest request) {
        require(request.fault() != null && (request.calls() == null) != (request.duration() == null),
                "fault and either calls or duration are required");
        Channel c = channel(channel);
        QueryFaults.Armed armed = request.calls() != null
                ? faults.failNext(c, request.fault(), request.calls(), request.operations(), request.merchantId())
                : faults.failFor(c, request.fault(), request.duration(), request.operations(), request.merchantId());
        return ResponseEntity.status(HttpStatus.CREATED).body(armed);
    }

    @GetMapping("/query-faults")
    List<QueryFaults.Armed> faults(@PathVariable("channel") String channel) {
        return faults.armed(channel(channel));
    }

    /** Disarms every fault of the channel; 204. */
    @DeleteMapping("/query-faults")
    ResponseEntity<Void> clearFaults(@PathVariable("channel") String channel) {
        faults.clear(channel(channel));
        return ResponseEntity.noContent().build();
    }

    /**
     * The query and close calls the channel received, oldest first: all, or those of one
     * order ({@code merchantId} and {@code outTradeNo}), of one operation, since an
     * instant.
     */
    @GetMapping("/order-calls")
    List<ChannelCall> calls(@PathVariable("channel") String channel,
            @RequestParam(name = "merchantId", required = false) String merchantId,
            @RequestParam(name = "outTradeNo", required = false) String outTradeNo,
            @RequestParam(name = "operation", required = false) Operation operation,
            @RequestParam(name = "since", required = false) Instant since) {
        Channel c = channel(channel);
        return calls
            .matching(call -> call.channel() == c && (merchantId == null || merchantId.equals(call.merchantId()))
                    && (outTradeNo == null || outTradeNo.equals(call.outTradeNo()))
                    && (operation == null || operation == call.operation())
                    && (since == null || !call.at().isBefore(since)));
    }

    /** The order as the channel holds it; 404 when it has none. */
    @GetMapping("/orders/{merchantId}/{outTradeNo}")
    ChannelOrder channelOrder(@PathVariable("channel") String channel, @PathVariable("merchantId") String merchantId,
            @PathVariable("outTradeNo") String outTradeNo) {
        return books.of(channel(channel))
            .find(merchantId, outTradeNo)
            .orElseThrow(() -> new NoSuchElementException("no " + channel + " order " + outTradeNo));
    }

    /** Moves an unpaid order to another unpaid state (USERPAYING, processing, ...). */
    @PostMapping("/orders/{merchantId}/{outTradeNo}/state")
    ChannelOrder state(@PathVariable("channel") String channel, @PathVariable("merchantId") String merchantId,
            @PathVariable("outTradeNo") String outTradeNo, @RequestBody StateRequest request) {
        require(request.state() != null, "state is required");
        return books.of(channel(channel)).setState(merchantId, outTradeNo, request.state());
    }

    /** Files the order under another merchant: queries under its own find nothing. */
    @PostMapping("/orders/{merchantId}/{outTradeNo}/misfile")
    ChannelOrder misfile(@PathVariable("channel") String channel, @PathVariable("merchantId") String merchantId,
            @PathVariable("outTradeNo") String outTradeNo, @RequestBody MisfileRequest request) {
        require(request.toMerchantId() != null, "toMerchantId is required");
        return books.of(channel(channel)).misfile(merchantId, outTradeNo, request.toMerchantId());
    }

    private static OrderRef order(String channel, String merchantId, String outTradeNo) {
        require(merchantId != null && outTradeNo != null, "merchantId and outTradeNo are required");
        return OrderRef.of(channel(channel), merchantId, outTradeNo);
    }

    private static Channel channel(String code) {
        return Channel.fromCode(code);
    }

}
