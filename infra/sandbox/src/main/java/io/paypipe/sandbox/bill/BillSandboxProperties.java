package io.paypipe.sandbox.bill;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The bills' settings ({@code sandbox.bills.*}).
 *
 * @param currentDayBilled serve the bill of today (in each channel's zone) as it stands,
 * which no real channel does: the demo reconciles the day it paid
 */
@ConfigurationProperties("sandbox.bills")
record BillSandboxProperties(@DefaultValue("false") boolean currentDayBilled) {
}
