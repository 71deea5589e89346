package io.paypipe.sandbox.bill;

import static io.paypipe.sandbox.web.SandboxRequests.require;

import io.paypipe.core.id.Channel;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The sandbox's handles on the channels' bills: arm a {@link BillScenario} for one
 * merchant's day at one channel, and record a settlement the product never heard of (a
 * payment whose callback never came and whose order the product does not know, a refund
 * made in the channel's dashboard, a fee line, a payment at 23:59:58 of a day).
 */
@RestController
@RequestMapping("/sandbox/bills")
class BillScenariosController {

    private final BillScenarios scenarios;

    private final SettlementBook book;

    BillScenariosController(BillScenarios scenarios, SettlementBook book) {
        this.scenarios = scenarios;
        this.book = book;
    }

    /** {@code scenario} null disarms; {@code generatedLines} only for GENERATED. */
    record ScenarioRequest(String channel, String merchantId, LocalDate day, BillScenario scenario,
            Long generatedLines) {
    }

    /**
     * Amounts in minor units; {@code feeMinor} defaults to the channel's rate for a
     * payment, the amount for a fee line, zero for a refund.
     */
    record SettlementRequest(String channel, String merchantId, Settlement.Kind kind, String outTradeNo,
            String channelTradeNo, String refundNo, String channelRefundId, long amountMinor, Long feeMinor,
            String currency, Instant at) {
    }

    /** 201 with what was armed. */
    @PostMapping("/scenarios")
    ResponseEntity<ScenarioRequest> arm(@RequestBody ScenarioRequest request) {
        require(request.merchantId() != null && request.day() != null, "merchantId and day are required");
        Channel channel = Channel.fromCode(request.channel());
        if (request.scenario() == null) {
            scenarios.disarm(channel, request.merchantId(), request.day());
        }
        else {
            long lines = (request.generatedLines() != null) ? request.generatedLines() : 0;
            require(request.scenario() != BillScenario.GENERATED || lines > 0, "GENERATED needs generatedLines > 0");
            scenarios.arm(channel, request.merchantId(), request.day(), request.scenario(), lines);
        }
        return ResponseEntity.status(HttpStatus.CREATED).body(request);
    }

    record CurrentDayRequest(boolean billed) {
    }

    /**
     * Whether today's bills are served as they stand (the demo's setting
     * {@code sandbox.bills.current-day-billed}).
     */
    @PostMapping("/current-day")
    CurrentDayRequest currentDay(@RequestBody CurrentDayRequest request) {
        scenarios.billCurrentDay(request.billed());
        return request;
    }

    /** 201 with the settlement recorded. */
    @PostMapping("/settlements")
    ResponseEntity<Settlement> settle(@RequestBody SettlementRequest request) {
        require(request.kind() != null && request.merchantId() != null && request.channelTradeNo() != null
                && request.currency() != null && request.at() != null,
                "kind, merchantId, channelTradeNo, currency and at are required");
        Channel channel = Channel.fromCode(request.channel());
        long fee = (request.feeMinor() != null) ? request.feeMinor() : switch (request.kind()) {
            case PAYMENT -> FeeRates.feeMinor(channel, request.amountMinor());
            case FEE -> request.amountMinor();
            case REFUND -> 0;
        };
        Settlement settlement = new Settlement(channel, request.merchantId(), request.kind(),
                Optional.ofNullable(request.outTradeNo()), request.channelTradeNo(),
                Optional.ofNullable(request.refundNo()), Optional.ofNullable(request.channelRefundId()),
                request.amountMinor(), fee, request.currency(), request.at());
        book.record(settlement);
        return ResponseEntity.status(HttpStatus.CREATED).body(settlement);
    }

}
